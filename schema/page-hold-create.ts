import { id } from './fields.ts';

export default {
  "$id": "page-hold-create",
  "title": "Hold a time on the booking page while the client types their details",
  "type": "object",
  "additionalProperties": false,
  "required": ["serviceIds", "startTime"],
  "properties": {
    "serviceIds": {
      "type": "array",
      "minItems": 1,
      "maxItems": 5,
      "uniqueItems": true,
      "items": id,
      "description": "The services, in order (one or several back to back by one staff member)."
    },
    "staffId": { ...id, "description": "Absent: anyone who performs the services and is free." },
    "startTime": {
      "type": "string",
      "format": "date-time",
      "x-error": "an ISO 8601 date and time with its offset, e.g. 2026-11-23T10:00:00+01:00",
      "description": "One of the startTime values the page's slots offer."
    }
  }
} as const;
