import { page } from './fields.ts';

export default {
  "$id": "account-history-query",
  "title": "Page through what happened to a person's account",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "page": page,
    "limit": {
      "type": "integer",
      "minimum": 1,
      "maximum": 200,
      "default": 50
    }
  }
} as const;
