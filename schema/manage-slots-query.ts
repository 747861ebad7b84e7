export default {
  "$id": "manage-slots-query",
  "title": "Free times to move a visit to",
  "type": "object",
  "additionalProperties": false,
  "required": [],
  "properties": {
    "from": {
      "type": "string",
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "x-error": "a date written YYYY-MM-DD",
      "description": "The first local date, YYYY-MM-DD; default: the salon's today."
    },
    "to": {
      "type": "string",
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "x-error": "a date written YYYY-MM-DD",
      "description": "The last local date, YYYY-MM-DD, at most 31 days after `from`; default: 13 days after `from` (two weeks)."
    }
  }
} as const;
