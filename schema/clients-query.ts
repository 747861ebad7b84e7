import { limit, page } from './fields.ts';

export default {
  "$id": "clients-query",
  "title": "Page through clients",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "page": page,
    "limit": limit,
    "search": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "description": "Part of a name, e-mail or phone."
    }
  }
} as const;
