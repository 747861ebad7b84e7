export default {
  "$id": "manage-cancel",
  "title": "A client cancels their visit",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "reason": {
      "type": "string",
      "maxLength": 500,
      "x-text": "multiline",
      "description": "Why, in the client's words; the salon sees it on the booking."
    }
  }
} as const;
