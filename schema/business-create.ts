import { email, name, salonLocale } from './fields.ts';

export default {
  "$id": "business-create",
  "title": "Create a business",
  "type": "object",
  "additionalProperties": false,
  "required": ["name"],
  "properties": {
    "name": name,
    "timezone": {
      "type": "string",
      "minLength": 1,
      "maxLength": 64,
      "default": "Europe/Berlin",
      "description": "IANA time zone, e.g. Europe/Berlin."
    },
    "address": { "type": ["string", "null"], "x-text": "multiline", "maxLength": 500 },
    "phone": {
      "type": ["string", "null"],
      "x-text": "line",
      "maxLength": 50,
      "pattern": "^[+0-9 ()./-]{3,50}$",
      "x-error": "a phone number (digits, spaces, + - ( ) . /)"
    },
    "email": email,
    "website": { "type": ["string", "null"], "maxLength": 2048, "pattern": "^https?://", "x-error": "an http(s) URL" },
    "phoneCountry": {
      "type": ["string", "null"],
      "pattern": "^[A-Z]{2}$",
      "x-error": "a two-letter ISO 3166-1 country code such as DE",
      "description": "The country the salon's clients' phone numbers are read in when written without a country code (ISO 3166-1 alpha-2, e.g. DE): \"0170 1234567\" is then +491701234567, so a search or a booking with either finds the same client. null: none; national numbers are then compared by their digits only."
    },
    "currency": { "type": "string", "pattern": "^[A-Z]{3}$", "default": "EUR", "x-error": "a three-letter ISO 4217 code such as EUR" },
    "workingHours": {
      "$ref": "defs#/$defs/weeklyHours",
      "description": "Opening hours; Monday to Friday 09:00–18:00 when not given."
    },
    "locale": {
      ...salonLocale,
      "description": "The salon's language (its booking page's, its clients' e-mails', the back office's): as the booking page's setting; null or not given: each visitor's."
    }
  }
} as const;
