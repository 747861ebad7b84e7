export default {
  "$id": "slots-query",
  "title": "Free start times for a service on a date or over a range of dates",
  "type": "object",
  "additionalProperties": false,
  "required": [],
  "properties": {
    "serviceId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 999999999999999
    },
    "serviceIds": {
      "type": "string",
      "pattern": "^[1-9][0-9]{0,14}(,[1-9][0-9]{0,14}){0,4}$",
      "x-error": "1 to 5 service ids separated by commas, e.g. 3,7",
      "description": "Several services back to back by one staff member who performs all of them, comma-separated, in order (instead of serviceId)."
    },
    "date": {
      "type": "string",
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "x-error": "a date written YYYY-MM-DD",
      "description": "Local date in the business's time zone. Give either date, or from and to."
    },
    "staffId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 999999999999999
    },
    "from": {
      "type": "string",
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "x-error": "a date written YYYY-MM-DD",
      "description": "First local date of a range (with to; at most 31 days)."
    },
    "to": {
      "type": "string",
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "x-error": "a date written YYYY-MM-DD",
      "description": "Last local date of a range, included."
    }
  }
} as const;
