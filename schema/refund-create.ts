export default {
  "$id": "refund-create",
  "title": "Refund (part of) a payment",
  "type": "object",
  "additionalProperties": false,
  "required": ["amount"],
  "properties": {
    "amount": {
      "type": "integer",
      "minimum": 1,
      "maximum": 100000000
    },
    "reason": {
      "type": "string",
      "x-text": "multiline",
      "maxLength": 500
    }
  }
} as const;
