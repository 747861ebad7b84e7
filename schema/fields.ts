/**
 * Fields several request schemas take the same way, defined once: each schema spreads or names
 * them in its properties (a description of its own goes beside: { ...localDate, "description": … }).
 * Not a schema itself, so it has no default export.
 */

/** A database id, as every path and body takes one. */
export const id = {
  "type": "integer",
  "minimum": 1,
  "maximum": 999999999999999
} as const;

/** A person's, a salon's or a service's name, as shown on the page. */
export const name = {
  "type": "string",
  "x-text": "line",
  "minLength": 1,
  "maxLength": 200
} as const;

/** An e-mail address, or null to clear it. */
export const email = {
  "type": ["string", "null"],
  "maxLength": 254,
  "format": "email",
  "x-error": "an e-mail address"
} as const;

/** A phone number as people type it, or null to clear it; read in the salon's phoneCountry. */
export const phone = {
  "type": ["string", "null"],
  "maxLength": 50,
  "pattern": "^[+0-9 ()./-]{3,50}$",
  "x-error": "a phone number (digits, spaces, + - ( ) . /)"
} as const;

/** Free text on a booking or a client. */
export const notes = {
  "type": "string",
  "x-text": "multiline",
  "maxLength": 2000
} as const;

export const currency = {
  "type": "string",
  "pattern": "^[A-Z]{3}$",
  "x-error": "a three-letter ISO 4217 code such as EUR"
} as const;

/** A calendar date in the salon's time zone. */
export const localDate = {
  "type": "string",
  "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
  "x-error": "a date written YYYY-MM-DD"
} as const;

/** Paging of a list: which page and how many on it. */
export const page = {
  "type": "integer",
  "minimum": 1,
  "maximum": 1000000,
  "default": 1
} as const;

export const limit = {
  "type": "integer",
  "minimum": 1,
  "maximum": 100,
  "default": 20
} as const;
