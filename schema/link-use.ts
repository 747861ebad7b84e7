import { password } from './fields.ts';

export default {
  "$id": "link-use",
  "title": "Choose a password with a one-time link",
  "type": "object",
  "additionalProperties": false,
  "required": ["link", "password"],
  "properties": {
    "link": { "type": "string", "minLength": 1, "maxLength": 200, "description": "The secret after #welcome/ in the link." },
    "password": password
  }
} as const;
