import { limit, page } from './fields.ts';

export default {
  "$id": "deliveries-query",
  "title": "Page through a webhook's delivery attempts, newest first, filtered",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "page": page,
    "limit": limit,
    "status": { "enum": ["pending", "success", "retrying", "failed"] },
    "deliveryId": { "type": "string", "minLength": 1, "maxLength": 64 },
    "event": {
      "description": "Only attempts of deliveries of this event (webhook.ping for tests).",
      "anyOf": [{ "$ref": "defs#/$defs/eventName" }, { "const": "webhook.ping" }]
    },
    "since": { "$ref": "defs#/$defs/utcDateTime", "description": "Only attempts due (scheduledFor) at or after this time." },
    "until": { "$ref": "defs#/$defs/utcDateTime", "description": "Only attempts due (scheduledFor) before this time." },
    "bookingId": { "type": "integer", "minimum": 1, "description": "Only attempts of deliveries of events about this booking." }
  }
} as const;
