import { id, localDate } from './fields.ts';

export default {
  "$id": "slots-query",
  "title": "Free start times for a service on a date or over a range of dates",
  "type": "object",
  "additionalProperties": false,
  "required": [],
  "properties": {
    "serviceId": id,
    "serviceIds": {
      "type": "string",
      "pattern": "^[1-9][0-9]{0,14}(,[1-9][0-9]{0,14}){0,4}$",
      "x-error": "1 to 5 service ids separated by commas, e.g. 3,7",
      "description": "Several services back to back by one staff member who performs all of them, comma-separated, in order (instead of serviceId)."
    },
    "date": { ...localDate, "description": "Local date in the business's time zone. Give either date, or from and to." },
    "staffId": id,
    "from": { ...localDate, "description": "First local date of a range (with to; at most 31 days)." },
    "to": { ...localDate, "description": "Last local date of a range, included." }
  }
} as const;
