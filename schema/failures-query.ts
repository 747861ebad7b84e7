import { limit } from './fields.ts';

export default {
  "$id": "failures-query",
  "title": "The latest failed delivery attempts",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "limit": limit,
    "businessId": { "type": "integer", "minimum": 1 }
  }
} as const;
