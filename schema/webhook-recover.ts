export default {
  "$id": "webhook-recover",
  "title": "Send again what failed in a window",
  "description": "Every delivery of the webhook that failed between since and until (now when left out) and has not been delivered since is sent once more, at most 10 000, in the background.",
  "type": "object",
  "additionalProperties": false,
  "required": ["since"],
  "properties": {
    "since": { "$ref": "defs#/$defs/utcDateTime", "description": "Deliveries that failed at or after this time." },
    "until": { "$ref": "defs#/$defs/utcDateTime", "description": "And before this time; now when left out." }
  }
} as const;
