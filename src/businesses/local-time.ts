import { DateTime } from 'luxon';
import { WEEKDAYS, type Weekday } from './hours.ts';

/** An instant as ISO 8601 with the business's offset, e.g. 2026-11-23T10:00:00.000+01:00. */
export function toLocalIso(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toISO()!;
}

/** The instant of a wall-clock time on a local date; "24:00" is the next midnight. A time that does not exist (DST gap) moves forward. */
export function localInstant(date: string, time: string, zone: string): number {
  if (time === '24:00') return DateTime.fromISO(date, { zone }).plus({ days: 1 }).toMillis();
  return DateTime.fromISO(`${date}T${time}`, { zone }).toMillis();
}

export function weekdayOf(date: string, zone: string): Weekday {
  return WEEKDAYS[DateTime.fromISO(date, { zone }).weekday - 1]!;
}

/** Start and end instants of a local calendar day (23, 24 or 25 hours long). */
export function localDayBounds(date: string, zone: string): { start: number; end: number } {
  const start = DateTime.fromISO(date, { zone }).startOf('day');
  return { start: start.toMillis(), end: start.plus({ days: 1 }).toMillis() };
}

/** The local calendar date (YYYY-MM-DD) of an instant. */
export function localDate(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toISODate()!;
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && DateTime.fromISO(value).isValid;
}
