import { name, notes, phone } from './fields.ts';

export default {
  "$id": "page-booking-create",
  "title": "Book the time held on the booking page",
  "type": "object",
  "additionalProperties": false,
  "required": ["holdToken", "client"],
  "properties": {
    "holdToken": {
      "type": "string",
      "pattern": "^hold_[A-Za-z0-9_-]{43}$",
      "x-error": "the token of a hold made on this page",
      "description": "The token of the hold (POST …/holds): the booking takes its time, services and staff member."
    },
    "client": {
      "type": "object",
      "additionalProperties": false,
      "required": ["name", "email"],
      "properties": {
        "name": name,
        "email": {
          "type": "string",
          "maxLength": 254,
          "format": "email",
          "x-error": "an e-mail address"
        },
        "phone": phone
      },
      "description": "Who the booking is for: a name and an e-mail address; a phone number if they give one."
    },
    "notes": notes
  }
} as const;
