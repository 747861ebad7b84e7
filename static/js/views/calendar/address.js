// The calendar's address: #calendar/2026-11-23 (a day, every staff member side by side),
// #calendar/2026-11-23/week (the week of the first staff member) or #calendar/2026-11-23/week/4
// (the week of staff member 4).

import { isDate, todayIn } from '../../salon-time.js';

/** The address of `date`'s day, or of its week (`staffId`'s, when given). */
export const calendarAddress = (date, week, staffId = null) =>
  `#calendar/${date}${week ? '/week' : ''}${week && staffId !== null ? `/${staffId}` : ''}`;

const LAST_KEY = 'booking-api.calendar';

/**
 * The calendar's address last shown in this tab ("#calendar" when none was): the menu's "Calendar"
 * leads back to it, so that a look at a booking or the clients does not lose the day one was at.
 * "Today" is on the calendar itself.
 */
export const lastCalendar = () => sessionStorage.getItem(LAST_KEY) ?? '#calendar';

/** Keeps `hash` (the calendar's address as shown) for the menu's "Calendar", and points the menu there. */
export function rememberCalendar(hash) {
  const kept = hash.startsWith('#calendar') ? hash : '#calendar';
  sessionStorage.setItem(LAST_KEY, kept);
  pointMenu();
}

/** Forgets it (app.js, at "Log out"): the next person on this tab starts at today. */
export function forgetCalendar() {
  sessionStorage.removeItem(LAST_KEY);
  pointMenu();
}

/** The menu's "Calendar" to the last address shown (app.js, on every view). */
export function pointMenu() {
  document.querySelector('nav a[data-view="calendar"]')?.setAttribute('href', lastCalendar());
}

/** "2026-11-23", "2026-11-23/week" or "2026-11-23/week/4" → { date, week, staffId }; a date that is none is today in the salon. */
export function parseAddress(id, timeZone) {
  const [date, mode, staff] = (id ?? '').split('/');
  const week = mode === 'week';
  return {
    date: isDate(date) ? date : todayIn(timeZone),
    week,
    staffId: week && /^\d+$/.test(staff ?? '') ? Number(staff) : null,
  };
}
