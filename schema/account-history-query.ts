import { limit, page } from './fields.ts';

export default {
  "$id": "account-history-query",
  "title": "Page through what happened to a person's account",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "page": page,
    "limit": limit
  }
} as const;
