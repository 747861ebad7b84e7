export default {
  "$id": "defs",
  "title": "Shared definitions",
  "$defs": {
    "eventName": {
      "description": "An event of spec section 6.1, or this server's extension booking.reminder_due.",
      "enum": [
        "booking.created",
        "booking.confirmed",
        "booking.cancelled",
        "booking.completed",
        "booking.no_show",
        "booking.rescheduled",
        "client.created",
        "client.updated",
        "review.created",
        "payment.received",
        "payment.refunded",
        "staff.schedule_updated",
        "service.updated",
        "service.deleted",
        "booking.reminder_due"
      ]
    },
    "subscribedEvent": {
      "description": "An event name, or \"*\" for every event (present and future).",
      "anyOf": [
        {
          "$ref": "defs#/$defs/eventName"
        },
        {
          "const": "*"
        }
      ]
    },
    "scope": {
      "description": "A permission of spec section 5.",
      "enum": [
        "business:read",
        "services:read",
        "staff:read",
        "slots:read",
        "bookings:read",
        "bookings:write",
        "reviews:read",
        "webhooks:manage"
      ]
    },
    "targetUrl": {
      "type": "string",
      "minLength": 1,
      "maxLength": 2048,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#@]+(/[^\\s]*)?$",
      "x-error": "an http:// or https:// URL without spaces or user credentials",
      "description": "Address that receives the POST requests."
    },
    "webhookEvents": {
      "type": "array",
      "minItems": 1,
      "maxItems": 15,
      "uniqueItems": true,
      "description": "Event names of GET /webhooks/events, or [\"*\"] alone for every event, present and future.",
      "items": {
        "$ref": "defs#/$defs/subscribedEvent"
      }
    },
    "webhookDescription": {
      "type": "string",
      "x-text": "multiline",
      "maxLength": 500
    },
    "localDateTime": {
      "type": "string",
      "format": "date-time",
      "description": "ISO 8601 with the business's UTC offset, e.g. 2026-11-23T10:00:00.000+01:00."
    },
    "utcDateTime": {
      "type": "string",
      "format": "date-time",
      "description": "ISO 8601 in UTC."
    },
    "money": {
      "type": "integer",
      "minimum": 0,
      "description": "In the currency's minor unit: 3500 with EUR is 35.00 €."
    },
    "currency": {
      "type": "string",
      "pattern": "^[A-Z]{3}$"
    },
    "clientSummary": {
      "type": "object",
      "additionalProperties": false,
      "description": "The client record the booking is on. To a key without bookings:read: the client as that key sent them, with id null (it learns nothing about a client it did not send).",
      "required": ["id", "name", "email", "phone"],
      "properties": {
        "id": {
          "type": ["integer", "null"]
        },
        "name": {
          "type": "string"
        },
        "email": {
          "type": ["string", "null"]
        },
        "phone": {
          "type": ["string", "null"]
        }
      }
    },
    "bookedClient": {
      "type": "object",
      "additionalProperties": false,
      "description": "The client's details as the booking gave them; the client record may say otherwise.",
      "required": ["name", "email", "phone"],
      "properties": {
        "name": {
          "type": "string"
        },
        "email": {
          "type": ["string", "null"]
        },
        "phone": {
          "type": ["string", "null"]
        }
      }
    },
    "clientCheck": {
      "type": ["object", "null"],
      "additionalProperties": false,
      "description": "Set while the salon has not said whether the booking's details and its client record are one person: the booking was put on the client because of the same e-mail address (or phone) while the name or phone given differs. null otherwise, and always null to a key without bookings:read.",
      "required": ["matchedBy"],
      "properties": {
        "matchedBy": {
          "enum": ["email", "phone"]
        }
      }
    },
    "bookingStatus": {
      "enum": ["pending", "confirmed", "cancelled", "completed", "no_show"]
    },
    "bookingSnapshot": {
      "type": "object",
      "description": "The booking as it is after the change: enough for a CRM to act without calling back.",
      "required": [
        "bookingId",
        "status",
        "serviceId",
        "serviceName",
        "services",
        "staffId",
        "staffName",
        "startTime",
        "endTime",
        "durationMinutes",
        "price",
        "currency",
        "client",
        "bookedAs",
        "clientCheck",
        "notes",
        "source",
        "createdAt",
        "updatedAt"
      ],
      "properties": {
        "bookingId": {
          "type": "integer"
        },
        "status": {
          "$ref": "defs#/$defs/bookingStatus"
        },
        "serviceId": {
          "type": "integer"
        },
        "serviceName": {
          "type": "string"
        },
        "services": {
          "$ref": "defs#/$defs/bookedServices"
        },
        "staffId": {
          "type": "integer"
        },
        "staffName": {
          "type": "string"
        },
        "startTime": {
          "$ref": "defs#/$defs/localDateTime"
        },
        "endTime": {
          "$ref": "defs#/$defs/localDateTime"
        },
        "durationMinutes": {
          "type": "integer",
          "minimum": 1
        },
        "price": {
          "$ref": "defs#/$defs/money"
        },
        "currency": {
          "$ref": "defs#/$defs/currency"
        },
        "client": {
          "$ref": "defs#/$defs/clientSummary"
        },
        "bookedAs": {
          "$ref": "defs#/$defs/bookedClient"
        },
        "clientCheck": {
          "$ref": "defs#/$defs/clientCheck"
        },
        "notes": {
          "type": "string"
        },
        "source": {
          "enum": ["integration", "admin"],
          "description": "Made through the integration API (a widget, a CRM) or by the salon."
        },
        "createdAt": {
          "$ref": "defs#/$defs/utcDateTime"
        },
        "updatedAt": {
          "$ref": "defs#/$defs/utcDateTime"
        }
      }
    },
    "timeRange": {
      "type": "object",
      "additionalProperties": false,
      "required": ["start", "end"],
      "properties": {
        "start": {
          "type": "string",
          "pattern": "^([01]\\d|2[0-3]):[0-5]\\d$",
          "x-error": "a time such as 09:00"
        },
        "end": {
          "type": "string",
          "pattern": "^(([01]\\d|2[0-3]):[0-5]\\d|24:00)$",
          "x-error": "a time such as 18:00 (24:00 is midnight)"
        }
      }
    },
    "timeRanges": {
      "type": "array",
      "maxItems": 12,
      "items": {
        "$ref": "defs#/$defs/timeRange"
      }
    },
    "weeklyHours": {
      "type": "object",
      "additionalProperties": false,
      "required": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
      "description": "Opening hours by weekday in the business's time zone; an empty list is a closed day.",
      "properties": {
        "mon": {
          "$ref": "defs#/$defs/timeRanges"
        },
        "tue": {
          "$ref": "defs#/$defs/timeRanges"
        },
        "wed": {
          "$ref": "defs#/$defs/timeRanges"
        },
        "thu": {
          "$ref": "defs#/$defs/timeRanges"
        },
        "fri": {
          "$ref": "defs#/$defs/timeRanges"
        },
        "sat": {
          "$ref": "defs#/$defs/timeRanges"
        },
        "sun": {
          "$ref": "defs#/$defs/timeRanges"
        }
      }
    },
    "daySchedule": {
      "type": "object",
      "additionalProperties": false,
      "required": ["hours", "breaks"],
      "properties": {
        "hours": {
          "$ref": "defs#/$defs/timeRanges"
        },
        "breaks": {
          "$ref": "defs#/$defs/timeRanges"
        }
      }
    },
    "weeklySchedule": {
      "type": "object",
      "additionalProperties": false,
      "required": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
      "description": "Working hours and breaks by weekday in the business's time zone; no hours is a day off.",
      "properties": {
        "mon": {
          "$ref": "defs#/$defs/daySchedule"
        },
        "tue": {
          "$ref": "defs#/$defs/daySchedule"
        },
        "wed": {
          "$ref": "defs#/$defs/daySchedule"
        },
        "thu": {
          "$ref": "defs#/$defs/daySchedule"
        },
        "fri": {
          "$ref": "defs#/$defs/daySchedule"
        },
        "sat": {
          "$ref": "defs#/$defs/daySchedule"
        },
        "sun": {
          "$ref": "defs#/$defs/daySchedule"
        }
      }
    },
    "bookedServices": {
      "type": "array",
      "minItems": 1,
      "description": "The services of the visit in order, each with its own time and price (one for a booking of one service). serviceId/serviceName of the booking are the first service's id and every service's name joined with ' + '.",
      "items": {
        "type": "object",
        "additionalProperties": false,
        "required": ["serviceId", "name", "startTime", "endTime", "durationMinutes", "price"],
        "properties": {
          "serviceId": {
            "type": "integer"
          },
          "name": {
            "type": "string"
          },
          "startTime": {
            "$ref": "defs#/$defs/localDateTime"
          },
          "endTime": {
            "$ref": "defs#/$defs/localDateTime"
          },
          "durationMinutes": {
            "type": "integer"
          },
          "price": {
            "$ref": "defs#/$defs/money"
          }
        }
      }
    },
    "webhookHeaders": {
      "description": "Headers sent with every delivery (e.g. Authorization for a receiver that wants one): name → value. At most 20, 4 KiB together; Host, Content-Length, Content-Type, User-Agent, hop-by-hop, webhook-* and X-Webhook-* headers are refused. Answers show the values masked.",
      "type": "object",
      "maxProperties": 20,
      "additionalProperties": {
        "type": "string",
        "maxLength": 1024,
        "pattern": "^[!-~]([ -~]*[!-~])?$",
        "x-error": "printable ASCII text (no line breaks), without spaces at either end"
      }
    },
    "webhookHeaderChanges": {
      "description": "Changes to the headers sent with every delivery: a value sets a header, null removes it, headers not named stay.",
      "type": "object",
      "maxProperties": 20,
      "additionalProperties": {
        "anyOf": [
          {
            "type": "string",
            "maxLength": 1024,
            "pattern": "^[!-~]([ -~]*[!-~])?$",
            "x-error": "printable ASCII text (no line breaks), without spaces at either end"
          },
          {
            "type": "null"
          }
        ],
        "x-error": "a header value (printable ASCII text, no line breaks, without spaces at either end) or null to remove it"
      }
    }
  }
} as const;
