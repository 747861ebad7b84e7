import { email } from './fields.ts';

export default {
  "$id": "mail-settings",
  "title": "The salon's own mail server, for its clients' e-mails",
  "type": "object",
  "additionalProperties": false,
  "required": ["host", "port", "tls"],
  "properties": {
    "host": {
      "type": "string",
      "minLength": 1,
      "maxLength": 253,
      "pattern": "^[A-Za-z0-9.:\\[\\]-]+$",
      "x-error": "a host name such as smtp.example.com"
    },
    "port": {
      "type": "integer",
      "minimum": 1,
      "maximum": 65535
    },
    "tls": {
      "enum": ["starttls", "tls", "none"],
      "description": "`starttls`: plain, then STARTTLS, required (usually port 587); `tls`: TLS from the start (usually port 465); `none`: no TLS, only for a relay on this computer or network."
    },
    "username": {
      "type": ["string", "null"],
      "maxLength": 254,
      "x-text": "line"
    },
    "password": {
      "type": ["string", "null"],
      "maxLength": 1024,
      "description": "Stored encrypted with the secrets key, never shown again; leave it out to keep the stored one, null to have none.",
      "pattern": "^[^\\u0000-\\u001f\\u007f]*$",
      "x-error": "a password without control characters (it is kept exactly as typed, spaces too)"
    },
    "fromAddress": { ...email, "description": "The sender clients see; null: the salon's e-mail address." }
  }
} as const;
