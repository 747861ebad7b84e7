export default {
  "$id": "staff-schedule",
  "title": "Set a staff member's weekly schedule",
  "allOf": [
    {
      "$ref": "defs#/$defs/weeklySchedule"
    }
  ]
} as const;
