import { id } from './fields.ts';

export default {
  "$id": "booking-reschedule",
  "title": "Move a booking",
  "type": "object",
  "additionalProperties": false,
  "required": ["startTime"],
  "properties": {
    "startTime": {
      "type": "string",
      "format": "date-time",
      "x-error": "an ISO 8601 date and time with its offset, e.g. 2026-11-23T10:00:00+01:00",
      "description": "One of the startTime values GET /slots offers for the booking's service."
    },
    "staffId": { ...id, "description": "Absent: the booking's staff member." },
    "holdId": { ...id, "description": "A hold of this key (POST /slots/holds) for the booking's service at startTime: the move takes its place." }
  }
} as const;
