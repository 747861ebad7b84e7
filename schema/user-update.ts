import { personName, personRole, personStaffId } from './fields.ts';

export default {
  "$id": "user-update",
  "title": "Change a person",
  "type": "object",
  "additionalProperties": false,
  "minProperties": 1,
  "properties": {
    "name": personName,
    "role": personRole,
    "staffId": personStaffId,
    "switchedOff": { "type": "boolean", "description": "true: the person can no longer sign in, and their sessions end." }
  }
} as const;
