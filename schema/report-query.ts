import { localDate } from './fields.ts';

export default {
  "$id": "report-query",
  "title": "The period of a report",
  "type": "object",
  "additionalProperties": false,
  "required": ["from", "to"],
  "properties": {
    "from": { ...localDate, "description": "First local date included." },
    "to": { ...localDate, "description": "Last local date included (at most 366 days after from)." }
  }
} as const;
