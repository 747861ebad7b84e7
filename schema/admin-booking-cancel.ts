import bookingCancel from './booking-cancel.ts';

/** The integration API's cancel (booking-cancel.ts), and who cancelled: the salon may say the client asked. */
export default {
  "$id": "admin-booking-cancel",
  "title": "Cancel a booking, as the salon",
  "type": ["object", "null"],
  "additionalProperties": false,
  "properties": {
    "reason": bookingCancel.properties.reason,
    "cancelledBy": {
      "enum": ["salon", "client"],
      "default": "salon",
      "description": "Who cancelled: the salon (a stylist is ill, say), or the client, who asked the salon (by phone, at the desk). booking.cancelled says it; a client's cancellation less than 24 hours before the start counts as late in the reports. The activity still names who recorded it."
    }
  }
} as const;
