// The calendar's address: #calendar/2026-11-23 (a day) or #calendar/2026-11-23/week.

import { isDate, todayIn } from '../../salon-time.js';

export const calendarAddress = (date, week) => `#calendar/${date}${week ? '/week' : ''}`;

/** "2026-11-23" or "2026-11-23/week" → { date, week }; anything else is today in the salon. */
export function parseAddress(id, timeZone) {
  const [date, mode] = (id ?? '').split('/');
  return { date: isDate(date) ? date : todayIn(timeZone), week: mode === 'week' };
}
