import create from './time-off-create.ts';

/** The fields of time-off-create, any of them. */
export default {
  "$id": "time-off-update",
  "title": "Change time off",
  "description": "Any time field given replaces all of them (allDay, startDate, endDate, startTime, endTime); note alone changes only the note.",
  "type": "object",
  "additionalProperties": false,
  "minProperties": 1,
  "properties": create.properties
} as const;
