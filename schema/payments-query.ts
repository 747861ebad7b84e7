import { id, limit, page } from './fields.ts';

export default {
  "$id": "payments-query",
  "title": "Page through payments, newest first",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "page": page,
    "limit": limit,
    "bookingId": id
  }
} as const;
