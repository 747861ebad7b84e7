import { id, name } from './fields.ts';

export default {
  "$id": "calendar-feed-create",
  "title": "A calendar feed: one staff member's bookings, or the whole salon's",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "staffId": { ...id, "description": "Absent: every staff member (the salon's calendar)." },
    "name": { ...name, "description": "What the salon calls it, e.g. \"Anna's phone\"." }
  }
} as const;
