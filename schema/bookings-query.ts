export default {
  "$id": "bookings-query",
  "title": "Page through bookings by start time",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "page": {
      "type": "integer",
      "minimum": 1,
      "maximum": 1000000,
      "default": 1
    },
    "limit": {
      "type": "integer",
      "minimum": 1,
      "maximum": 100,
      "default": 20
    },
    "from": {
      "type": "string",
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "x-error": "a date written YYYY-MM-DD",
      "description": "First local date included."
    },
    "to": {
      "type": "string",
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "x-error": "a date written YYYY-MM-DD",
      "description": "Last local date included."
    },
    "status": {
      "$ref": "defs#/$defs/bookingStatus"
    },
    "staffId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 999999999999999
    },
    "clientId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 999999999999999
    }
  }
} as const;
