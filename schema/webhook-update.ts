export default {
  "$id": "webhook-update",
  "title": "Change a webhook",
  "description": "Any of the fields; status \"active\" switches a failed webhook back on and resets consecutiveFailures; headers sets (a value) or removes (null) the headers named.",
  "type": "object",
  "additionalProperties": false,
  "minProperties": 1,
  "properties": {
    "targetUrl": { "$ref": "defs#/$defs/targetUrl" },
    "events": { "$ref": "defs#/$defs/webhookEvents" },
    "description": { "$ref": "defs#/$defs/webhookDescription" },
    "status": { "const": "active" },
    "headers": { "$ref": "defs#/$defs/webhookHeaderChanges" }
  }
} as const;
