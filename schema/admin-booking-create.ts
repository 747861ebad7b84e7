export default {
  "$id": "admin-booking-create",
  "title": "Book a slot for a client (salon)",
  "type": "object",
  "additionalProperties": false,
  "required": ["startTime"],
  "properties": {
    "serviceId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 999999999999999,
      "description": "One service; or give serviceIds."
    },
    "serviceIds": {
      "type": "array",
      "minItems": 1,
      "maxItems": 5,
      "uniqueItems": true,
      "items": {
        "type": "integer",
        "minimum": 1,
        "maximum": 999999999999999
      },
      "description": "Several services back to back by one staff member who performs all of them, in this order (instead of serviceId). At most 5."
    },
    "staffId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 999999999999999
    },
    "startTime": {
      "type": "string",
      "format": "date-time",
      "x-error": "an ISO 8601 date and time with its offset, e.g. 2026-11-23T10:00:00+01:00"
    },
    "clientId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 999999999999999
    },
    "client": {
      "type": "object",
      "additionalProperties": false,
      "required": ["name"],
      "properties": {
        "name": {
          "type": "string",
          "x-text": "line",
          "minLength": 1,
          "maxLength": 200
        },
        "email": {
          "type": ["string", "null"],
          "maxLength": 254,
          "format": "email",
          "x-error": "an e-mail address"
        },
        "phone": {
          "type": ["string", "null"],
          "maxLength": 50,
          "pattern": "^[+0-9 ()./-]{3,50}$",
          "x-error": "a phone number (digits, spaces, + - ( ) . /)"
        }
      },
      "description": "Who the booking is for. An e-mail address or a phone number is needed to reach them."
    },
    "notes": {
      "type": "string",
      "x-text": "multiline",
      "maxLength": 2000
    },
    "overrideHold": {
      "type": "boolean",
      "description": "Book the time even though API keys hold it (a client mid-booking on a website): their holds are released in the same transaction. Without it such a time answers 409 slot_held, saying who holds it and until when."
    }
  },
  "description": "Give the client either by clientId or as client (name and e-mail or phone), not both."
} as const;
