import { id } from './fields.ts';

export default {
  "$id": "staff-services",
  "title": "Set the services a staff member performs",
  "type": "object",
  "additionalProperties": false,
  "required": ["serviceIds"],
  "properties": {
    "serviceIds": {
      "type": "array",
      "maxItems": 500,
      "uniqueItems": true,
      "items": id
    }
  }
} as const;
