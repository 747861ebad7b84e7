export default {
  "$id": "hold-create",
  "title": "Hold a slot for a few minutes",
  "type": "object",
  "additionalProperties": false,
  "required": ["startTime"],
  "properties": {
    "serviceId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 999999999999999,
      "description": "One service; or give serviceIds."
    },
    "serviceIds": {
      "type": "array",
      "minItems": 1,
      "maxItems": 5,
      "uniqueItems": true,
      "items": {
        "type": "integer",
        "minimum": 1,
        "maximum": 999999999999999
      },
      "description": "Several services back to back by one staff member who performs all of them, in this order (instead of serviceId). At most 5."
    },
    "staffId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 999999999999999,
      "description": "Absent: whoever is free (the least busy that day)."
    },
    "startTime": {
      "type": "string",
      "format": "date-time",
      "x-error": "an ISO 8601 date and time with its offset, e.g. 2026-11-23T10:00:00+01:00",
      "description": "One of the startTime values GET /slots offers."
    }
  }
} as const;
