/** What a time zone as typed is: its one name to store, or why it cannot be a salon's zone. */
export type ZoneCheck = { ok: true; zone: string } | { ok: false; problem: 'unknown' | 'offset' };

/** A part of a zone name as the time zone database writes most of them: Europe/Berlin, America/Argentina/Buenos_Aires. */
const USUAL_SPELLING = /^[A-Z][a-z]+(?:[_-][A-Z][a-z]+)*(?:\/[A-Z][a-z]+(?:[_-][A-Z][a-z]+)*)+$/;

/**
 * The name a salon's time zone is stored under, from what someone typed. The runtime's time zone
 * database (ICU) reads names in any case and also knows UTC offsets; a salon needs a named zone,
 * one that follows summer time, and one spelling of it:
 * - a fixed offset ("+05:30", "-03") is refused;
 * - a zone written in another case ("europe/berlin", "utc") is stored as the database spells it
 *   ("Europe/Berlin", "UTC");
 * - another name of a zone (a link: "Asia/Kolkata" for ICU's "Asia/Calcutta", "US/Eastern") is
 *   kept when it is written the way zone names are ("Asia/Kolkata"), and otherwise ("asia/kolkata",
 *   "GMT") stored as the database's name of that zone, since its own spelling cannot be known.
 */
export function checkTimeZone(typed: string): ZoneCheck {
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en', { timeZone: typed }).resolvedOptions().timeZone;
  } catch {
    return { ok: false, problem: 'unknown' };
  }
  if (typed.length === 0) return { ok: false, problem: 'unknown' };
  if (/^[+-]/.test(resolved)) return { ok: false, problem: 'offset' };
  if (typed.toLowerCase() === resolved.toLowerCase()) return { ok: true, zone: resolved };
  return { ok: true, zone: USUAL_SPELLING.test(typed) ? typed : resolved };
}
