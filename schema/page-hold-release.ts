export default {
  "$id": "page-hold-release",
  "title": "Give a time held on the booking page back",
  "type": "object",
  "additionalProperties": false,
  "required": ["holdToken"],
  "properties": {
    "holdToken": {
      "type": "string",
      "pattern": "^hold_[A-Za-z0-9_-]{43}$",
      "x-error": "the token of a hold made on this page",
      "description": "The token of the hold (POST …/holds)."
    }
  }
} as const;
