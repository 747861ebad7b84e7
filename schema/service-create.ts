import { currency, name } from './fields.ts';

export default {
  "$id": "service-create",
  "title": "Add a service",
  "type": "object",
  "additionalProperties": false,
  "required": ["name", "durationMinutes", "price"],
  "properties": {
    "name": name,
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
    "currency": currency,
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
