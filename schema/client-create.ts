export default {
  "$id": "client-create",
  "title": "Add a client",
  "type": "object",
  "additionalProperties": false,
  "required": ["name"],
  "properties": {
    "name": {
      "type": "string",
      "x-text": "line",
      "minLength": 1,
      "maxLength": 200
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
    "notes": {
      "type": "string",
      "x-text": "multiline",
      "maxLength": 2000
    }
  }
} as const;
