export default {
  "$id": "staff-create",
  "title": "Add a staff member",
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
    "title": {
      "type": ["string", "null"],
      "x-text": "line",
      "maxLength": 100
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
    },
    "schedule": {
      "$ref": "defs#/$defs/weeklySchedule"
    },
    "serviceIds": {
      "type": "array",
      "maxItems": 500,
      "uniqueItems": true,
      "items": {
        "type": "integer",
        "minimum": 1,
        "maximum": 999999999999999
      }
    }
  }
} as const;
