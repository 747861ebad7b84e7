export default {
  "$id": "webhook-create",
  "title": "Register a webhook",
  "type": "object",
  "additionalProperties": false,
  "required": ["targetUrl", "events"],
  "properties": {
    "targetUrl": { "$ref": "defs#/$defs/targetUrl" },
    "events": { "$ref": "defs#/$defs/webhookEvents" },
    "description": { "$ref": "defs#/$defs/webhookDescription" },
    "headers": { "$ref": "defs#/$defs/webhookHeaders" }
  }
} as const;
