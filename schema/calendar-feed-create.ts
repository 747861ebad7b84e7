export default {
  "$id": "calendar-feed-create",
  "title": "A calendar feed: one staff member's bookings, or the whole salon's",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "staffId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 999999999999999,
      "description": "Absent: every staff member (the salon's calendar)."
    },
    "name": {
      "type": "string",
      "minLength": 1,
      "maxLength": 200,
      "x-text": "line",
      "description": "What the salon calls it, e.g. \"Anna's phone\"."
    }
  }
} as const;
