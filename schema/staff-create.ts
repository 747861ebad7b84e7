import { email, id, name, phone } from './fields.ts';

export default {
  "$id": "staff-create",
  "title": "Add a staff member",
  "type": "object",
  "additionalProperties": false,
  "required": ["name"],
  "properties": {
    "name": name,
    "title": {
      "type": ["string", "null"],
      "x-text": "line",
      "maxLength": 100
    },
    "email": email,
    "phone": phone,
    "schedule": {
      "$ref": "defs#/$defs/weeklySchedule"
    },
    "serviceIds": {
      "type": "array",
      "maxItems": 500,
      "uniqueItems": true,
      "items": id
    }
  }
} as const;
