import { id } from './fields.ts';
import booking from './booking-create.ts';

// The booking-create fields the salon gives the same way; only what the salon may do besides differs.
const { serviceId, serviceIds, staffId, client, notes } = booking.properties;

export default {
  "$id": "admin-booking-create",
  "title": "Book a slot for a client (salon)",
  "type": "object",
  "additionalProperties": false,
  "required": ["startTime"],
  "properties": {
    serviceId,
    serviceIds,
    staffId,
    "startTime": { ...booking.properties.startTime, "description": "A free time of the salon's calendar; a time API keys hold needs overrideHold." },
    "clientId": id,
    client,
    notes,
    "overrideHold": {
      "type": "boolean",
      "description": "Book the time even though API keys hold it (a client mid-booking on a website): their holds are released in the same transaction. Without it such a time answers 409 slot_held, saying who holds it and until when."
    }
  },
  "description": "Give the client either by clientId or as client (name and e-mail or phone), not both."
} as const;
