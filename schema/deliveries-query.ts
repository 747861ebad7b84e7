export default {
  "$id": "deliveries-query",
  "title": "Page through a webhook's delivery attempts, newest first",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "page": { "type": "integer", "minimum": 1, "maximum": 1000000, "default": 1 },
    "limit": { "type": "integer", "minimum": 1, "maximum": 100, "default": 20 },
    "status": { "enum": ["pending", "success", "retrying", "failed"] },
    "deliveryId": { "type": "string", "minLength": 1, "maxLength": 64 }
  }
} as const;
