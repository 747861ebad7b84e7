export default {
  "$id": "service-create",
  "title": "Add a service",
  "type": "object",
  "additionalProperties": false,
  "required": ["name", "durationMinutes", "price"],
  "properties": {
    "name": {
      "type": "string",
      "x-text": "line",
      "minLength": 1,
      "maxLength": 200
    },
    "description": {
      "type": "string",
      "x-text": "multiline",
      "maxLength": 2000
    },
    "durationMinutes": {
      "type": "integer",
      "minimum": 5,
      "maximum": 720
    },
    "price": {
      "type": "integer",
      "minimum": 0,
      "maximum": 100000000
    },
    "currency": {
      "type": "string",
      "pattern": "^[A-Z]{3}$",
      "x-error": "a three-letter ISO 4217 code such as EUR"
    },
    "active": {
      "type": "boolean"
    },
    "bufferBeforeMinutes": {
      "type": "integer",
      "minimum": 0,
      "maximum": 240,
      "description": "Preparation before the service: the staff member's time, not the client's (default 0, at most 240)."
    },
    "bufferAfterMinutes": {
      "type": "integer",
      "minimum": 0,
      "maximum": 240,
      "description": "Cleaning after the service: the staff member's time, not the client's (default 0, at most 240)."
    }
  }
} as const;
