export default {
  "$id": "booking-cancel",
  "title": "Cancel a booking",
  "type": ["object", "null"],
  "additionalProperties": false,
  "properties": {
    "reason": {
      "type": "string",
      "x-text": "multiline",
      "maxLength": 500
    }
  }
} as const;
