export default {
  "$id": "staff-update",
  "title": "Change a staff member",
  "type": "object",
  "additionalProperties": false,
  "minProperties": 1,
  "properties": {
    "name": {
      "type": "string",
      "x-text": "line",
      "minLength": 1,
      "maxLength": 200
    },
    "title": {
      "type": ["string", "null"],
      "x-text": "line",
      "maxLength": 100
    },
    "email": {
      "type": ["string", "null"],
      "maxLength": 254,
      "format": "email",
      "x-error": "an e-mail address"
    },
    "phone": {
      "type": ["string", "null"],
      "maxLength": 50,
      "pattern": "^[+0-9 ()./-]{3,50}$",
      "x-error": "a phone number (digits, spaces, + - ( ) . /)"
    },
    "active": {
      "type": "boolean",
      "description": "false: takes no new bookings and is not listed."
    }
  }
} as const;
