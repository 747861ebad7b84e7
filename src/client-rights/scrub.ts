/** What an erased client is called wherever their name was. */
export const ERASED_NAME = 'Erased client';

/** What stands in a text where an erased client's name, e-mail address or phone number was. */
const ERASED_TEXT = '[erased]';

/** The words a client wrote themselves (a booking's notes, a review's comment): gone, not masked. */
const OWN_WORDS = new Set(['notes', 'comment']);

/**
 * What identifies one client: their names (as the record and every booking had them) and their
 * contact values (e-mail addresses, phone numbers).
 */
export interface Identity {
  readonly names: readonly string[];
  readonly contacts: readonly string[];
}

function same(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text with every occurrence of the client's values (in any case) masked. */
export function scrubText(text: string, who: Identity): string {
  let result = text;
  // Longest first, so a name inside an e-mail address does not leave the rest of it behind.
  // A name's parts too, so that "G. Hopper" or "Grace:" in a note goes as well.
  const parts = who.names.flatMap((name) => name.split(/[\s.,:;]+/)).filter((part) => part.length > 2);
  const values = [...who.names, ...who.contacts, ...parts].filter((v) => v.trim().length > 1).sort((a, b) => b.length - a.length);
  for (const value of values) result = result.replace(new RegExp(escapeRegExp(value.trim()), 'gi'), ERASED_TEXT);
  return result;
}

/**
 * A stored JSON value (an event's data, a delivery's body, a message's snapshot) without the
 * client: a whole name becomes ERASED_NAME, a whole contact value null, the client's own words
 * empty, and any other text that mentions them masked.
 */
export function scrubJson(value: unknown, who: Identity, key?: string): unknown {
  if (typeof value === 'string') {
    if (key !== undefined && OWN_WORDS.has(key)) return '';
    if (who.names.some((name) => same(name, value))) return ERASED_NAME;
    if (who.contacts.some((contact) => same(contact, value))) return null;
    return scrubText(value, who);
  }
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, who));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubJson(v, who, k)]));
  }
  return value;
}

/** scrubJson over JSON text (scrubText over any other); the same text back when nothing in it was the client's. */
export function scrubJsonText(text: string, who: Identity): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return scrubText(text, who);
  }
  const scrubbed = JSON.stringify(scrubJson(parsed, who));
  return scrubbed === JSON.stringify(parsed) ? text : scrubbed;
}
