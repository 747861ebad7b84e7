import { salonLocale } from './fields.ts';

export default {
  "$id": "booking-page-update",
  "title": "Change the booking page",
  "type": "object",
  "additionalProperties": false,
  "minProperties": 1,
  "properties": {
    "slug": {
      "type": "string",
      "pattern": "^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$",
      "x-error": "1 to 40 lower-case letters, digits and hyphens, not starting or ending with a hyphen",
      "description": "The short name in the page's address, /book/{slug}."
    },
    "locale": {
      ...salonLocale,
      "description": "The page's language, and how it writes dates, times and prices; null: each visitor's browser language where the page has it (English, German), else English."
    },
    "accentColor": {
      "type": ["string", "null"],
      "pattern": "^#[0-9a-fA-F]{6}$",
      "x-error": "a colour written #rrggbb",
      "description": "The page's buttons and highlights; null for the page's own."
    },
    "cancellationPolicy": {
      "type": "string",
      "x-text": "multiline",
      "maxLength": 2000,
      "description": "Shown to the client before they book."
    },
    "confirmNewClients": {
      "type": "boolean",
      "description": "A booking by a client the salon has not seen (no completed visit, never booked by the salon) stays pending until the salon confirms it."
    }
  }
} as const;
