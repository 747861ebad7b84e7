export default {
  "$id": "api-key-create",
  "title": "Create an API key",
  "type": "object",
  "additionalProperties": false,
  "required": ["name", "scopes"],
  "properties": {
    "name": {
      "type": "string",
      "x-text": "line",
      "minLength": 1,
      "maxLength": 100,
      "description": "A label to recognise the key by, e.g. \"Website widget\"."
    },
    "scopes": {
      "type": "array",
      "minItems": 1,
      "uniqueItems": true,
      "items": {
        "$ref": "defs#/$defs/scope"
      }
    },
    "allowedOrigins": {
      "type": ["array", "null"],
      "maxItems": 50,
      "uniqueItems": true,
      "items": {
        "type": "string",
        "maxLength": 255,
        "pattern": "^(\\*\\.)?[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.?$",
        "x-error": "a host name such as shop.example.com, or *.example.com for all its subdomains"
      },
      "description": "Host names allowed to call with this key from a browser. Null or absent: any caller (server-side use)."
    },
    "expiresAt": {
      "type": ["string", "null"],
      "format": "date-time",
      "x-error": "an ISO 8601 date and time with a time zone, e.g. 2027-01-31T23:59:59Z",
      "description": "When the key stops working. Null or absent: never."
    }
  }
} as const;
