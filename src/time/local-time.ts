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

const offsetAt = (ms: number, zone: string): number => DateTime.fromMillis(ms, { zone }).offset;

/**
 * The instants of local date `date` whose wall clock reads from `from` to `to` (minutes since
 * midnight, `to` excluded; 1440 is the next midnight), as sorted [start, end) intervals. Usually
 * one; two when the range reaches into the hour the clocks go back, which the wall clock reads
 * twice: hours of 20:00–23:30 on a day whose 23:00–24:00 repeats hold 23:00–23:30 on both
 * passes, and hours up to 24:00 hold both passes of the whole repeated hour, as one interval. A
 * time the clocks skip is not on the wall clock at all: a range starting in it starts when it
 * ends. Assumes at most one clock change within a local day.
 */
export const localWallRange = remembered(
  (date: string, from: number, to: number, zone: string): ReadonlyArray<readonly [number, number]> => {
    const day = localDayBounds(date, zone);
    const before = offsetAt(day.start, zone);
    const after = offsetAt(day.end - 1, zone);
    // The instant the offset changes, if it does within the day: the first with the later offset.
    let change = day.end;
    if (before !== after) {
      let [lo, hi] = [day.start, day.end - 1];
      while (hi - lo > 1) {
        const mid = lo + Math.floor((hi - lo) / 2);
        if (offsetAt(mid, zone) === before) lo = mid;
        else hi = mid;
      }
      change = hi;
    }
    const midnight = Date.parse(`${date}T00:00:00Z`);
    const pieces: Array<[number, number]> = [];
    for (const [start, end, offset] of [
      [day.start, change, before],
      [change, day.end, after],
    ] as const) {
      // On this stretch the wall clock reads instant + offset.
      const piece: [number, number] = [
        Math.max(start, midnight + (from - offset) * 60_000),
        Math.min(end, midnight + (to - offset) * 60_000),
      ];
      if (piece[0] >= piece[1]) continue;
      const last = pieces.at(-1);
      if (last && last[1] === piece[0]) last[1] = piece[1];
      else pieces.push(piece);
    }
    return Object.freeze(pieces.map((piece) => Object.freeze(piece)));
  },
);

/** The local calendar date (YYYY-MM-DD) of an instant. */
export const localDate = remembered((ms: number, zone: string): string => DateTime.fromMillis(ms, { zone }).toISODate()!);

/** The calendar date `days` after `date` (both YYYY-MM-DD). */
export const datePlusDays = remembered(
  (date: string, days: number): string => DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate()!,
);

const isRealDate = remembered((date: string): boolean => DateTime.fromISO(date).isValid);

/** True for a real calendar date written YYYY-MM-DD (the shape is checked first, so only dates are remembered). */
export function isCalendarDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDate(value);
}
