export default {
  "$id": "manage-reschedule",
  "title": "A client moves their visit",
  "type": "object",
  "additionalProperties": false,
  "required": ["startTime"],
  "properties": {
    "startTime": {
      "type": "string",
      "format": "date-time",
      "x-error": "an ISO 8601 date and time with its offset, e.g. 2026-11-23T10:00:00+01:00",
      "description": "A free time from GET /manage/{token}/slots."
    }
  }
} as const;
