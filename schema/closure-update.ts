export default {
  "$id": "closure-update",
  "title": "Change a closure",
  "type": "object",
  "additionalProperties": false,
  "minProperties": 1,
  "properties": {
    "startDate": {
      "type": "string",
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "x-error": "a date written YYYY-MM-DD",
      "description": "Local date in the business's time zone."
    },
    "endDate": {
      "type": "string",
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "x-error": "a date written YYYY-MM-DD",
      "description": "Last closed day, included; absent: startDate."
    },
    "note": {
      "type": "string",
      "maxLength": 500,
      "x-text": "multiline"
    }
  }
} as const;
