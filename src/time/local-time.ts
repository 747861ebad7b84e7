import { LRUCache } from 'lru-cache';
import { DateTime } from 'luxon';
import { WEEKDAYS, type Weekday } from './hours.ts';

/**
 * Wall-clock arithmetic in a business's time zone. Every function here is pure (zone rules do not
 * change while the process runs) and called with the same few arguments over and over (a salon's
 * slot boundaries, its dates), while luxon spends 5–20 µs on each answer; so answers are
 * remembered, a bounded number of them. Arguments are instants, zones of the business and dates
 * already checked, so a key is short whatever a client sends.
 */
const MAX_REMEMBERED = 8192;

function remembered<A extends Array<string | number>, R extends {}>(compute: (...args: A) => R): (...args: A) => R {
  const answers = new LRUCache<string, R>({ max: MAX_REMEMBERED });
  return (...args) => {
    const key = args.join('|');
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = compute(...args);
      answers.set(key, answer);
    }
    return answer;
  };
}

/** An instant as ISO 8601 with the business's offset, e.g. 2026-11-23T10:00:00.000+01:00. */
export const toLocalIso = remembered((ms: number, zone: string): string => DateTime.fromMillis(ms, { zone }).toISO()!);

/** The instant of a wall-clock time on a local date; "24:00" is the next midnight. A time that does not exist (DST gap) moves forward. */
export const localInstant = remembered((date: string, time: string, zone: string): number => {
  if (time === '24:00') return DateTime.fromISO(date, { zone }).plus({ days: 1 }).toMillis();
  return DateTime.fromISO(`${date}T${time}`, { zone }).toMillis();
});

export const weekdayOf = remembered((date: string, zone: string): Weekday => WEEKDAYS[DateTime.fromISO(date, { zone }).weekday - 1]!);

/** Start and end instants of a local calendar day (23, 24 or 25 hours long). */
export const localDayBounds = remembered((date: string, zone: string): { readonly start: number; readonly end: number } => {
  const start = DateTime.fromISO(date, { zone }).startOf('day');
  return Object.freeze({ start: start.toMillis(), end: start.plus({ days: 1 }).toMillis() });
});

/** The local calendar date (YYYY-MM-DD) of an instant. */
export const localDate = remembered((ms: number, zone: string): string => DateTime.fromMillis(ms, { zone }).toISODate()!);

const isRealDate = remembered((date: string): boolean => DateTime.fromISO(date).isValid);

/** True for a real calendar date written YYYY-MM-DD (the shape is checked first, so only dates are remembered). */
export function isCalendarDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDate(value);
}
