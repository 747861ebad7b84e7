import { id, limit, localDate, page } from './fields.ts';

export default {
  "$id": "bookings-query",
  "title": "Page through bookings by start time",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "page": page,
    "limit": limit,
    "from": { ...localDate, "description": "First local date included." },
    "to": { ...localDate, "description": "Last local date included." },
    "status": {
      "$ref": "defs#/$defs/bookingStatus"
    },
    "staffId": id,
    "clientId": id
  }
} as const;
