import { personName, personRole, personStaffId, emailAddress } from './fields.ts';

export default {
  "$id": "user-invite",
  "title": "Invite a person",
  "type": "object",
  "additionalProperties": false,
  "required": ["name", "email", "role"],
  "properties": { "name": personName, "email": emailAddress, "role": personRole, "staffId": personStaffId }
} as const;
