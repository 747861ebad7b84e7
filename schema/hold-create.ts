import booking from './booking-create.ts';

// The time a booking would take, given as a booking gives it.
const { serviceId, serviceIds, startTime } = booking.properties;

export default {
  "$id": "hold-create",
  "title": "Hold a slot for a few minutes",
  "type": "object",
  "additionalProperties": false,
  "required": ["startTime"],
  "properties": {
    serviceId,
    serviceIds,
    "staffId": { ...booking.properties.staffId, "description": "Absent: whoever is free (the least busy that day)." },
    startTime
  }
} as const;
