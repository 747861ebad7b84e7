import { localDate, page } from './fields.ts';

export default {
  "$id": "audit-query",
  "title": "Filter and page the audit trail",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "actorKind": {
      "type": "string",
      "enum": ["office", "person", "key", "client", "system"],
      "description": "Who made the changes: the back office, a person, an API key, a client, the system."
    },
    "actorId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 1000000000000000,
      "description": "The API key (or person) by id; with actorKind."
    },
    "targetKind": {
      "type": "string",
      "pattern": "^[a-z_]{1,40}$",
      "x-error": "a kind of thing such as booking, client or webhook",
      "description": "What was changed: booking, client, service, staff, webhook, key, …"
    },
    "targetId": {
      "type": "integer",
      "minimum": 1,
      "maximum": 1000000000000000,
      "description": "One thing by id; with targetKind."
    },
    "action": {
      "type": "string",
      "pattern": "^[a-z_]{1,40}\\.[a-z_]{1,40}$",
      "x-error": "an action such as booking.cancelled",
      "description": "One action, such as booking.cancelled."
    },
    "from": { ...localDate, "description": "First local date included (the salon's time zone)." },
    "to": { ...localDate, "description": "Last local date included." },
    "page": page,
    "limit": {
      "type": "integer",
      "minimum": 1,
      "maximum": 200,
      "default": 50
    }
  }
} as const;
