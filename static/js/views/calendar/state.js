// State: what the calendar makes of what it loaded: the days shown, who and what can be booked,
// the hours the grid spans, and each day's list.

import { addDays, mondayOf, timeOf } from '../../salon-time.js';
import { liveHolds } from './holds.js';

/** The days of the view: the day, or Monday to Sunday of its week. */
export function daysOf({ date, week }) {
  const first = week ? mondayOf(date) : date;
  const dates = Array.from({ length: week ? 7 : 1 }, (_, i) => addDays(first, i));
  return { first, last: dates.at(-1), dates };
}

/** Minutes since midnight of "09:30". */
export const minutes = (time) => {
  const [hh, mm] = time.split(':').map(Number);
  return hh * 60 + mm;
};
export const hhmm = (total) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/** A booking's time on its first day; one that ends after midnight (or on another day) runs to the end of the grid's day. */
const bookingRange = (b) => ({
  start: timeOf(b.startTime),
  end: b.endTime.slice(0, 10) === b.startTime.slice(0, 10) ? timeOf(b.endTime) : '24:00',
});

/**
 * The hours the grid shows: from the earliest opening, shift or booking shown to the latest, whole
 * hours, 08–20 without any. The bookings count because the hours can change after a booking was
 * made (Saturday closed from now on, a later start): the grid would leave such a booking out.
 */
export function visibleHours(business, staff, bookings) {
  const ranges = [
    ...Object.values(business.workingHours ?? {}).flat(),
    ...staff.flatMap((s) => Object.values(s.schedule ?? {}).flatMap((day) => day.hours)),
    ...bookings.filter((b) => b.status !== 'cancelled').map(bookingRange),
  ];
  if (ranges.length === 0) return { min: '08:00', max: '20:00' };
  const first = Math.min(...ranges.map((r) => minutes(r.start)));
  const last = Math.max(...ranges.map((r) => minutes(r.end)));
  return { min: hhmm(Math.floor(first / 60) * 60), max: hhmm(Math.min(24 * 60, Math.ceil(last / 60) * 60)) };
}

/**
 * Who has columns: on a day everyone side by side; in a week one staff member's seven days (the
 * one `staffId` names, else the first), as 21 columns of three people left a booking a few
 * letters wide at 1366 pixels. A salon of one shows its one person either way.
 */
export function columnsOf(staff, { week, staffId }) {
  if (!week) return staff;
  return [staff.find((s) => s.id === staffId) ?? staff[0]].filter(Boolean);
}

/**
 * The calendar's state for the address `{ date, week, staffId }`: the days, the staff who take
 * bookings, those of them with columns (`columns`; in a week one), the services that can be booked,
 * the holds still running on these days, and the grid's hours. `ready` is false while the salon
 * has no service or nobody to book.
 */
export function calendarState(loaded, { date, week, staffId = null }, business, now = Date.now()) {
  const { first, last, dates } = daysOf({ date, week });
  const staff = loaded.staff.filter((s) => s.active);
  const columns = columnsOf(staff, { week, staffId });
  const services = loaded.services.filter((s) => s.active);
  const onShownDays = (hold) => hold.startTime.slice(0, 10) >= first && hold.startTime.slice(0, 10) <= last;
  return {
    date,
    week,
    first,
    dates,
    timeZone: business.timezone,
    staff,
    columns,
    // Whose week it is, in a salon of several (null on a day): the address, the chooser and a new booking keep it.
    staffId: week && staff.length > 1 ? columns[0].id : null,
    services,
    bookings: loaded.bookings,
    // Every service's preparation and cleanup, inactive ones too: bookings of them are still drawn.
    buffers: new Map(loaded.services.map((s) => [s.id, { before: s.bufferBeforeMinutes, after: s.bufferAfterMinutes }])),
    closures: loaded.closures,
    // The salon's opening hours: its lunch between two ranges is shaded in every column.
    opening: business.workingHours,
    timeOff: loaded.timeOff,
    holds: liveHolds(loaded.holds, now).filter(onShownDays),
    hours: visibleHours(business, staff, loaded.bookings),
    ready: services.length > 0 && staff.length > 0,
  };
}

/** What the day's list shows of `state.date`: its bookings in order, holds, closures and who is away. */
export function dayOf({ date, bookings, holds, closures, staff, timeOff }) {
  return {
    date,
    bookings: bookings.filter((b) => b.startTime.startsWith(date)).sort((a, b) => a.startTime.localeCompare(b.startTime)),
    held: holds.filter((hold) => hold.startTime.startsWith(date)),
    closed: closures.filter((c) => c.startDate <= date && (c.endDate ?? c.startDate) >= date),
    away: staff.flatMap((member) =>
      (timeOff.get(member.id) ?? [])
        // A whole day off ends at the next midnight: that day is not one of it.
        .filter((off) => off.startTime.slice(0, 10) <= date && off.endTime.slice(0, 16) > `${date}T00:00`)
        .map((off) => ({ member, off })),
    ),
  };
}

/** "10:00" of an EventCalendar Date (it shows the salon's wall clock as the browser's local time). */
export const wallParts = (date) => ({
  date: `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`,
  time: `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`,
});
