import { password } from './fields.ts';

export default {
  "$id": "password-change",
  "title": "Change your password",
  "type": "object",
  "additionalProperties": false,
  "required": ["currentPassword", "newPassword"],
  "properties": { "currentPassword": password, "newPassword": password }
} as const;
