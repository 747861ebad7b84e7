import { localDate } from './fields.ts';

export default {
  "$id": "closure-create",
  "title": "Days the salon is closed",
  "type": "object",
  "additionalProperties": false,
  "required": ["startDate"],
  "properties": {
    "startDate": { ...localDate, "description": "Local date in the business's time zone." },
    "endDate": { ...localDate, "description": "Last closed day, included; absent: startDate." },
    "note": {
      "type": "string",
      "maxLength": 500,
      "x-text": "multiline"
    }
  }
} as const;
