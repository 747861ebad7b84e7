export default {
  "$id": "client-import",
  "title": "Import clients (a file's rows, read by the page)",
  "type": "object",
  "additionalProperties": false,
  "required": ["rows"],
  "properties": {
    "rows": {
      "type": "array",
      "minItems": 1,
      "maxItems": 5000,
      "description": "One per line of the file, in its order. Each is checked on its own, by the rules of text typed into the page among them (`x-text: row`): a row that is not a client is refused in the answer, not the request.",
      "items": {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "name": { "type": "string", "maxLength": 1000, "x-text": "row" },
          "email": { "type": "string", "maxLength": 1000, "x-text": "row" },
          "phone": { "type": "string", "maxLength": 1000, "x-text": "row" },
          "notes": { "type": "string", "maxLength": 10000, "x-text": "row" }
        }
      }
    },
    "apply": {
      "type": "boolean",
      "default": false,
      "description": "false (the default): only say what would happen. true: do it, all of it in one transaction."
    }
  }
} as const;
