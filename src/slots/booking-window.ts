import { datePlusDays, localDate } from '../time/local-time.ts';
import type { BusinessRow } from '../db/tables.ts';

/** When a client may book, by the business's rules: from `earliest` (inclusive) to the end of local date `lastDate`. */
export interface BookingWindow {
  readonly now: number;
  /** The first instant a slot may start: after now, and at least the minimum notice later. */
  readonly earliest: number;
  /** The last local date (YYYY-MM-DD) with slots: today plus the horizon in days. */
  readonly lastDate: string;
}

export type WindowProblem = 'past' | 'too_short_notice' | 'beyond_horizon';

type Rules = Pick<BusinessRow, 'timezone' | 'min_notice_minutes' | 'horizon_days'>;

/**
 * The rules as they bind who books. The salon's own desk (admin API) books without minimum
 * notice, so a client who walks in can be booked now; notice is there so that clients booking
 * themselves do not surprise the salon, which does not apply to the salon itself. The horizon
 * binds both (the salon sets it, up to 366 days).
 */
export function rulesFor(business: Rules, bySalon: boolean): Rules {
  return bySalon ? { timezone: business.timezone, min_notice_minutes: 0, horizon_days: business.horizon_days } : business;
}

/** The business's booking window at `now`: the one place minimum notice and horizon are read. */
export function bookingWindow(business: Rules, now: number): BookingWindow {
  const today = localDate(now, business.timezone);
  return {
    now,
    earliest: now + Math.max(1, business.min_notice_minutes * 60_000),
    lastDate: datePlusDays(today, business.horizon_days),
  };
}

/**
 * Why a start at `startAt` (on local date `date`) is outside the window, or undefined when it is
 * inside: the slot list and the booking check both ask this one function.
 */
export function windowProblem(window: BookingWindow, date: string, startAt: number): WindowProblem | undefined {
  if (startAt <= window.now) return 'past';
  if (startAt < window.earliest) return 'too_short_notice';
  if (date > window.lastDate) return 'beyond_horizon';
  return undefined;
}
