// State for the grid: everything EventCalendar draws for the days shown, as its events. Bookings
// (movable while they can still change), and shaded behind them the times nobody can be booked:
// hours off, breaks, time off and closures. Holds are holds.js's.

import { wallClock, weekdayKey } from '../../salon-time.js';
import { clientName } from '../booking/words.js';
import { hhmm, minutes } from './state.js';

/** The parts of a day outside `hours` (sorted ranges) within [min, max]. */
function gaps(hours, min, max) {
  const out = [];
  let from = minutes(min);
  for (const range of [...hours].sort((a, b) => minutes(a.start) - minutes(b.start))) {
    if (minutes(range.start) > from) out.push({ start: hhmm(from), end: range.start });
    from = Math.max(from, minutes(range.end));
  }
  if (from < minutes(max)) out.push({ start: hhmm(from), end: max });
  return out;
}

/** Under half an hour, a booking's box on the grid has room for one line. */
const SHORT = 30 * 60_000;

function bookingEvent(booking) {
  return {
    id: `booking-${booking.id}`,
    resourceIds: [String(booking.staffId)],
    start: wallClock(booking.startTime),
    end: wallClock(booking.endTime),
    title: `${clientName(booking)} · ${booking.serviceName}`,
    // A short one (a 15-minute fringe trim) has one line of room: time and names share it (style.css).
    classNames: [
      'booking',
      `status-${booking.status}`,
      Date.parse(booking.endTime) - Date.parse(booking.startTime) < SHORT ? 'short' : null,
    ].filter(Boolean),
    editable: booking.status === 'pending' || booking.status === 'confirmed',
    extendedProps: { bookingId: booking.id, booking },
  };
}

/** A staff member's times nobody can book them, as [start, end, kind, title]. */
function closedTimes(member, { dates, timeOff, closures, hours }) {
  const times = [];
  for (const date of dates) {
    const day = member.schedule?.[weekdayKey(date)] ?? { hours: [], breaks: [] };
    for (const gap of gaps(day.hours, hours.min, hours.max))
      times.push([`${date}T${gap.start}`, `${date}T${gap.end}`, 'off', 'Not working']);
    for (const pause of day.breaks) times.push([`${date}T${pause.start}`, `${date}T${pause.end}`, 'break', 'Break']);
  }
  for (const off of timeOff.get(member.id) ?? [])
    times.push([wallClock(off.startTime), wallClock(off.endTime), 'time-off', off.note || 'Time off']);
  for (const closure of closures)
    times.push([wallClock(closure.startTime), wallClock(closure.endTime), 'closure', closure.note || 'Closed']);
  return times;
}

/** Everything the grid shows for the calendar's state: bookings, and the times nobody can be booked. */
export function calendarEvents(state) {
  const events = state.bookings.filter((b) => b.status !== 'cancelled').map(bookingEvent);
  for (const member of state.staff) {
    for (const [start, end, kind, title] of closedTimes(member, state)) {
      // Every event needs an id of its own: the library keeps events by id.
      events.push({
        id: `${kind}-${events.length}`,
        resourceIds: [String(member.id)],
        start,
        end,
        display: 'background',
        classNames: [kind],
        title,
      });
    }
  }
  return events;
}
