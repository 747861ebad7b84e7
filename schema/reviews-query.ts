export default {
  "$id": "reviews-query",
  "title": "Page through reviews, newest first",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "page": {
      "type": "integer",
      "minimum": 1,
      "maximum": 1000000,
      "default": 1
    },
    "limit": {
      "type": "integer",
      "minimum": 1,
      "maximum": 100,
      "default": 20
    },
    "staffId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 999999999999999
    }
  }
} as const;
