import { localDate } from './fields.ts';

export default {
  "$id": "time-off-create",
  "title": "Time off for a staff member",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "allDay": {
      "type": "boolean",
      "description": "true: whole days from startDate to endDate (both included); false or absent: from startTime to endTime."
    },
    "startDate": { ...localDate, "description": "Local date in the business's time zone." },
    "endDate": { ...localDate, "description": "Last day away, included; absent: startDate." },
    "startTime": {
      "type": "string",
      "format": "date-time",
      "x-error": "an ISO 8601 date and time with its offset, e.g. 2026-11-23T13:00:00+01:00"
    },
    "endTime": {
      "type": "string",
      "format": "date-time",
      "x-error": "an ISO 8601 date and time with its offset, e.g. 2026-11-23T13:00:00+01:00"
    },
    "note": {
      "type": "string",
      "maxLength": 500,
      "x-text": "multiline"
    }
  }
} as const;
