import { localDate } from './fields.ts';

export default {
  "$id": "manage-slots-query",
  "title": "Free times to move a visit to",
  "type": "object",
  "additionalProperties": false,
  "required": [],
  "properties": {
    "from": { ...localDate, "description": "The first local date, YYYY-MM-DD; default: the salon's today." },
    "to": { ...localDate, "description": "The last local date, YYYY-MM-DD, at most 31 days after `from`; default: 13 days after `from` (two weeks)." }
  }
} as const;
