export default {
  "$id": "report-query",
  "title": "The period of a report",
  "type": "object",
  "additionalProperties": false,
  "required": ["from", "to"],
  "properties": {
    "from": {
      "type": "string",
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "x-error": "a date written YYYY-MM-DD",
      "description": "First local date included."
    },
    "to": {
      "type": "string",
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "x-error": "a date written YYYY-MM-DD",
      "description": "Last local date included (at most 366 days after from)."
    }
  }
} as const;
