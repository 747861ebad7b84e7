/**
 * The one place a test gets a calendar date to book on when the server runs on the real clock
 * (a separate process, several instances, the demo). It counts in the salon's own calendar days,
 * so it is right on any day the suite runs: weekends, month and year ends, 29 February and both
 * daylight-saving changes. Tests on the injected TestClock book on fixed dates instead.
 * `npm run test:dates` runs the suites that use it under faketime on such days.
 */
import { DateTime } from 'luxon';
import type { Weekday } from '../../src/time/hours.ts';

/** The zone of makeSalon's salon and of the demo. */
export const SALON_ZONE = 'Europe/Berlin';

export interface WorkdayOptions {
  /** The first day offered is at least this many calendar days after today (local). Default 1. */
  daysAhead?: number;
  zone?: string;
  /** The salon's days off; the test schedules and the demo close on Sunday. */
  closed?: readonly Weekday[];
}

const WEEKDAY_NAMES: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/**
 * `count` distinct working days in order, as YYYY-MM-DD, the first at least `daysAhead` local
 * calendar days after `now`.
 */
export function workdays(
  now: number,
  count: number,
  { daysAhead = 1, zone = SALON_ZONE, closed = ['sun'] }: WorkdayOptions = {},
): string[] {
  const days: string[] = [];
  let day = DateTime.fromMillis(now, { zone }).startOf('day').plus({ days: daysAhead });
  while (days.length < count) {
    if (!closed.includes(WEEKDAY_NAMES[day.weekday - 1]!)) days.push(day.toISODate()!);
    day = day.plus({ days: 1 });
  }
  return days;
}

/** The first working day at least `daysAhead` local calendar days after `now`, as YYYY-MM-DD. */
export function workday(now: number, options: WorkdayOptions = {}): string {
  return workdays(now, 1, options)[0]!;
}

/** `date` at the wall-clock `time` (HH:MM) in `zone`, with that day's offset: "2026-11-23T10:00:00+01:00". */
export function salonTime(date: string, time: string, zone = SALON_ZONE): string {
  const local = DateTime.fromISO(`${date}T${time}`, { zone });
  if (!local.isValid || local.toFormat('HH:mm') !== time) throw new Error(`${date} ${time} does not exist in ${zone}`);
  return local.toISO({ suppressMilliseconds: true })!;
}
