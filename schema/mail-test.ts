export default {
  "$id": "mail-test",
  "title": "Send a test e-mail",
  "type": "object",
  "additionalProperties": false,
  "required": ["to"],
  "properties": {
    "to": {
      "type": "string",
      "maxLength": 254,
      "format": "email",
      "x-error": "an e-mail address"
    }
  }
} as const;
