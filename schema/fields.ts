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

// People (issue 23): schema/user-invite.ts and the others of src/people/people.admin-operations.ts.

export const personName = {
  "type": "string",
  "x-text": "line",
  "minLength": 1,
  "maxLength": 100,
  "description": "How the person is named in the page and the audit trail."
} as const;

export const personRole = {
  "type": "string",
  "enum": ["owner", "front_desk", "stylist"],
  "x-error": "owner, front_desk or stylist",
  "description": "owner: everything; front_desk: calendar, bookings, clients, payments, reviews; stylist: their own bookings and time off."
} as const;

export const personStaffId = {
  "type": ["integer", "null"],
  "minimum": 1,
  "description": "The staff member a stylist is (required for a stylist)."
} as const;

export const emailAddress = {
  "type": "string",
  "maxLength": 254,
  "format": "email",
  "x-error": "an e-mail address"
} as const;

/** Kept exactly as typed (never trimmed): the rules (10 characters, not a common one) are checked with a sentence. */
export const password = {
  "type": "string",
  "maxLength": 1000
} as const;

/** A salon's language, as its booking page, its clients' e-mails and the back office speak it; null: each visitor's. */
export const salonLocale = {
  "type": ["string", "null"],
  "enum": ["en-GB", "en-US", "de-DE", "de-AT", "de-CH", null]
} as const;
