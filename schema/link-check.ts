export default {
  "$id": "link-check",
  "title": "Ask whether a one-time link can still be used",
  "type": "object",
  "additionalProperties": false,
  "required": ["link"],
  "properties": {
    "link": { "type": "string", "minLength": 1, "maxLength": 200, "description": "The secret after #welcome/ in the link." }
  }
} as const;
