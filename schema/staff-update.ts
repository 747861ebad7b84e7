import create from './staff-create.ts';

// The working week and the services have their own operations (PUT …/schedule, …/services).
const { schedule: _schedule, serviceIds: _serviceIds, ...fields } = create.properties;

/** The fields of staff-create but the working week and services, any of them, and whether they take bookings. */
export default {
  "$id": "staff-update",
  "title": "Change a staff member",
  "type": "object",
  "additionalProperties": false,
  "minProperties": 1,
  "properties": {
    ...fields,
    "active": {
      "type": "boolean",
      "description": "false: takes no new bookings and is not listed."
    }
  }
} as const;
