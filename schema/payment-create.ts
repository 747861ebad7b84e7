import { id } from './fields.ts';

export default {
  "$id": "payment-create",
  "title": "Record a payment for a booking",
  "type": "object",
  "additionalProperties": false,
  "required": ["bookingId", "amount", "method"],
  "properties": {
    "bookingId": id,
    "amount": {
      "type": "integer",
      "minimum": 1,
      "maximum": 100000000
    },
    "method": {
      "enum": ["cash", "card", "online", "voucher", "other"]
    },
    "note": {
      "type": "string",
      "x-text": "multiline",
      "maxLength": 500
    }
  }
} as const;
