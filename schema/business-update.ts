import { currency, email, name } from './fields.ts';

export default {
  "$id": "business-update",
  "title": "Change a business",
  "type": "object",
  "additionalProperties": false,
  "minProperties": 1,
  "properties": {
    "name": name,
    "timezone": {
      "type": "string",
      "minLength": 1,
      "maxLength": 64
    },
    "address": {
      "type": ["string", "null"],
      "x-text": "multiline",
      "maxLength": 500
    },
    "phone": {
      "type": ["string", "null"],
      "x-text": "line",
      "maxLength": 50,
      "pattern": "^[+0-9 ()./-]{3,50}$",
      "x-error": "a phone number (digits, spaces, + - ( ) . /)"
    },
    "email": email,
    "website": {
      "type": ["string", "null"],
      "maxLength": 2048,
      "pattern": "^https?://",
      "x-error": "an http(s) URL"
    },
    "phoneCountry": {
      "type": ["string", "null"],
      "pattern": "^[A-Z]{2}$",
      "x-error": "a two-letter ISO 3166-1 country code such as DE",
      "description": "The country the salon's clients' phone numbers are read in when written without a country code (ISO 3166-1 alpha-2, e.g. DE): \"0170 1234567\" is then +491701234567, so a search or a booking with either finds the same client. null: none; national numbers are then compared by their digits only."
    },
    "currency": currency,
    "workingHours": {
      "$ref": "defs#/$defs/weeklyHours"
    },
    "slotStepMinutes": {
      "type": "integer",
      "enum": [5, 10, 15, 20, 30, 60],
      "description": "Minutes between offered start times."
    },
    "minNoticeMinutes": {
      "type": "integer",
      "minimum": 0,
      "maximum": 10080,
      "description": "No slot starts sooner than this many minutes after now (default 60; at most a week)."
    },
    "horizonDays": {
      "type": "integer",
      "minimum": 1,
      "maximum": 366,
      "description": "No slot on a local date more than this many days after today (default 366, the most)."
    },
    "reminderLeadMinutes": {
      "type": "integer",
      "minimum": 0,
      "maximum": 10080,
      "description": "How long before a visit its reminder goes out (e-mail and booking.reminder_due), default 1440 (24 hours); 0: no reminders. One that would fall between 21:00 and 08:00 goes out at 20:00 the evening before instead. Applies to bookings made or moved from then on."
    },
    "cancelCutoffMinutes": {
      "type": "integer",
      "minimum": 0,
      "maximum": 10080,
      "description": "Until how long before a visit its client may cancel or move it on their manage page, default 1440 (24 hours); after that the page gives the salon's phone."
    },
    "deskContactRequired": {
      "type": "boolean",
      "description": "Whether a client booked at the desk (the admin API) needs a phone number or an e-mail address (default true); false lets a walk-in be booked by name alone."
    }
  }
} as const;
