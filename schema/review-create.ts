import { id, name } from './fields.ts';

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
    "authorName": { ...name, "description": "Shown with the review; defaults to the client's first name." },
    "bookingId": { ...id, "description": "The completed visit the review is about." }
  }
} as const;
