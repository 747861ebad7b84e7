import { id, limit, page } from './fields.ts';

export default {
  "$id": "reviews-query",
  "title": "Page through reviews, newest first",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "page": page,
    "limit": limit,
    "staffId": id
  }
} as const;
