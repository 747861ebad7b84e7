export default {
  "$id": "staff-services",
  "title": "Set the services a staff member performs",
  "type": "object",
  "additionalProperties": false,
  "required": ["serviceIds"],
  "properties": {
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
