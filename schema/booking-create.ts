import { email, id, name, notes, phone } from './fields.ts';

export default {
  "$id": "booking-create",
  "title": "Book a slot",
  "type": "object",
  "additionalProperties": false,
  "required": ["startTime", "client"],
  "properties": {
    "serviceId": { ...id, "description": "One service; or give serviceIds." },
    "serviceIds": {
      "type": "array",
      "minItems": 1,
      "maxItems": 5,
      "uniqueItems": true,
      "items": id,
      "description": "Several services back to back by one staff member who performs all of them, in this order (instead of serviceId). At most 5."
    },
    "staffId": { ...id, "description": "Absent: anyone who performs the service and is free." },
    "startTime": {
      "type": "string",
      "format": "date-time",
      "x-error": "an ISO 8601 date and time with its offset, e.g. 2026-11-23T10:00:00+01:00",
      "description": "One of the startTime values GET /slots offers."
    },
    "client": {
      "type": "object",
      "additionalProperties": false,
      "required": ["name"],
      "properties": {
        "name": name,
        "email": email,
        "phone": phone
      },
      "description": "Who the booking is for. An e-mail address or a phone number is needed to reach them."
    },
    "notes": notes,
    "holdId": { ...id, "description": "A hold of this key (POST /slots/holds) for the same service and time: the booking takes its place. Expired or used: 409 hold_expired." }
  }
} as const;
