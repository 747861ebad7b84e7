export default {
  "$id": "failures-query",
  "title": "The latest failed delivery attempts",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "limit": { "type": "integer", "minimum": 1, "maximum": 100, "default": 20 },
    "businessId": { "type": "integer", "minimum": 1 }
  }
} as const;
