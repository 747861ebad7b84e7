export default {
  "$id": "webhook-rotate-secret",
  "title": "Give a webhook a new secret",
  "description": "Without a body, or with gracePeriodSeconds 0, every earlier secret is invalid at once. With a grace period the secret in use until now keeps signing beside the new one until it ends (docs/webhooks.md).",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "gracePeriodSeconds": {
      "type": "integer",
      "minimum": 0,
      "maximum": 604800,
      "description": "How long the secret in use until now stays valid, in seconds; at most 7 days."
    }
  }
} as const;
