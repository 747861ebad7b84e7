export default {
  "$id": "services-query",
  "title": "Filter the service catalog",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "active": { "type": "boolean", "description": "true: only bookable services; false: only switched-off ones." }
  }
} as const;
