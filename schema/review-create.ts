export default {
  "$id": "review-create",
  "title": "Record a client's review",
  "type": "object",
  "additionalProperties": false,
  "required": ["rating"],
  "properties": {
    "rating": {
      "type": "integer",
      "minimum": 1,
      "maximum": 5
    },
    "comment": {
      "type": "string",
      "x-text": "multiline",
      "maxLength": 5000
    },
    "authorName": {
      "type": "string",
      "x-text": "line",
      "minLength": 1,
      "maxLength": 200,
      "description": "Shown with the review; defaults to the client's first name."
    },
    "bookingId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 999999999999999,
      "description": "The completed visit the review is about."
    }
  }
} as const;
