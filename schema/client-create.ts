import { email, name, notes, phone } from './fields.ts';

export default {
  "$id": "client-create",
  "title": "Add a client",
  "type": "object",
  "additionalProperties": false,
  "required": ["name"],
  "properties": {
    "name": name,
    "email": email,
    "phone": phone,
    "notes": notes
  }
} as const;
