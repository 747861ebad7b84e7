import { emailAddress, password } from './fields.ts';

export default {
  "$id": "sign-in",
  "title": "Sign in",
  "type": "object",
  "additionalProperties": false,
  "required": ["email", "password"],
  "properties": { "email": emailAddress, "password": password }
} as const;
