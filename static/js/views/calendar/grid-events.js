// State for the grid: everything EventCalendar draws for the days shown, as its events. Bookings
// (movable while they can still change) with their preparation and cleanup, and shaded behind
// them the times nobody can be booked: hours off, breaks (the salon's, between its opening
// hours, too), time off and closures. Holds are holds.js's.

import { marked, t } from '../../locale.js';
import { wallClock, wallClockOf, weekdayKey } from '../../salon-time.js';
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

/**
 * What can be dragged, as EventCalendar 5.10.1 reads it: its own event `startEditable` first, then
 * the grid's `eventStartEditable` (true by default), and only then the event's `editable`; so an
 * event that must stay put says so in `startEditable` and `durationEditable`.
 */
export const fixedUnless = (movable) => ({ editable: movable, startEditable: movable, durationEditable: false });

/** Under half an hour, a booking's box on the grid has room for one line; under three quarters, for two. */
const SHORT = 30 * 60_000;
const TWO_LINES = 45 * 60_000;

function bookingEvent(booking, readOnly) {
  const length = Date.parse(booking.endTime) - Date.parse(booking.startTime);
  const short = length < SHORT;
  return {
    id: `booking-${booking.id}`,
    resourceIds: [String(booking.staffId)],
    start: wallClock(booking.startTime),
    end: wallClock(booking.endTime),
    title: `${clientName(booking)} · ${booking.serviceName}`,
    // A short one (a 15-minute fringe trim) has one line of room: the names alone (grid.js, style.css).
    // Two lines (half an hour) in a narrow column: the client and the service, without the time (style.css).
    classNames: ['booking', `status-${booking.status}`, short ? 'short' : length < TWO_LINES ? 'two-lines' : null].filter(Boolean),
    // Moved by dragging while it is to come, by the desk (a stylist's calendar moves nothing); a
    // visit over (completed, a no-show) is not even picked up. Said as startEditable: the library
    // takes the grid's eventStartEditable before an event's `editable`. Never resized: a booking
    // lasts as long as its services.
    ...fixedUnless(!readOnly && (booking.status === 'pending' || booking.status === 'confirmed')),
    extendedProps: { bookingId: booking.id, booking, short },
  };
}

/** What a preparation's or cleanup's box says: one short word, which fits a week's narrow column. */
export const BUFFER_LABEL = { preparation: marked('Prep'), cleanup: marked('Cleanup') };

/**
 * A booking's preparation before it and cleanup after it: the staff member's time, drawn so that
 * it does not look free. The buffers are its services' (the first one's preparation, the last
 * one's cleanup), as the server counts them.
 */
function bufferEvents(booking, { buffers, timeZone }) {
  const ids = booking.services.map((s) => s.serviceId);
  const start = Date.parse(booking.startTime);
  const end = Date.parse(booking.endTime);
  const before = (buffers.get(ids[0])?.before ?? 0) * 60_000;
  const after = (buffers.get(ids.at(-1))?.after ?? 0) * 60_000;
  const parts = [
    before ? ['preparation', start - before, start, t('Preparation for {service}', { service: booking.serviceName })] : null,
    after ? ['cleanup', end, end + after, t('Cleanup after {service}', { service: booking.serviceName })] : null,
  ];
  return parts.filter(Boolean).map(([kind, from, to, words]) => {
    const [startsAt, endsAt] = [wallClockOf(timeZone, from), wallClockOf(timeZone, to)];
    return {
      id: `${kind}-${booking.id}`,
      resourceIds: [String(booking.staffId)],
      start: startsAt,
      end: endsAt,
      // The whole of it on hover (grid.js); the box, often a quarter of an hour, says only BUFFER_LABEL's word.
      title: `${words}, ${startsAt.slice(11, 16)}–${endsAt.slice(11, 16)}`,
      classNames: ['buffer', kind],
      ...fixedUnless(false),
      extendedProps: { buffer: kind },
    };
  });
}

/**
 * The salon's closed times on `date`, the same in every column, as [start, end, kind, title]:
 * between two of its opening ranges (its lunch) a break, as the server refuses it; before it
 * opens and after it closes, hours off. Whatever a staff member's own schedule says.
 */
function salonClosed(date, opening, hours) {
  const day = opening?.[weekdayKey(date)];
  if (!day) return [];
  const open = day.length ? Math.min(...day.map((r) => minutes(r.start))) : 0;
  const close = day.length ? Math.max(...day.map((r) => minutes(r.end))) : 0;
  return gaps(day, hours.min, hours.max).map((gap) =>
    minutes(gap.start) >= open && minutes(gap.end) <= close
      ? [`${date}T${gap.start}`, `${date}T${gap.end}`, 'break', t('The salon’s break')]
      : [`${date}T${gap.start}`, `${date}T${gap.end}`, 'off', t('The salon is closed')],
  );
}

/** A staff member's times nobody can book them, as [start, end, kind, title, label in the column (whole days)]. */
function closedTimes(member, { dates, timeOff, closures, hours, opening }) {
  const times = [];
  // A closed day or a whole day off is shaded as that alone, without the hours and breaks under it.
  const wholeDays = [...closures, ...(timeOff.get(member.id) ?? []).filter((off) => off.allDay)];
  const coveredOn = (date) => wholeDays.some((span) => span.startDate <= date && date <= (span.endDate ?? span.startDate));
  for (const date of dates) {
    if (coveredOn(date)) continue;
    const day = member.schedule?.[weekdayKey(date)] ?? { hours: [], breaks: [] };
    for (const gap of gaps(day.hours, hours.min, hours.max))
      times.push([`${date}T${gap.start}`, `${date}T${gap.end}`, 'off', t('Not working')]);
    for (const pause of day.breaks) times.push([`${date}T${pause.start}`, `${date}T${pause.end}`, 'break', t('Break')]);
    times.push(...salonClosed(date, opening, hours));
  }
  // A whole day off or closed day is labelled in its column (grid.js), not only on hover.
  for (const off of timeOff.get(member.id) ?? []) {
    const label = off.allDay ? (off.note ? t('Day off: {reason}', { reason: off.note }) : t('Day off')) : null;
    times.push([wallClock(off.startTime), wallClock(off.endTime), 'time-off', off.note || t('Time off'), label]);
  }
  for (const closure of closures)
    times.push([
      wallClock(closure.startTime),
      wallClock(closure.endTime),
      'closure',
      closure.note || t('Closed'),
      closure.note || t('Closed'),
    ]);
  return times;
}

/** Everything the grid shows in the state's columns: bookings with their preparation and cleanup, and the times nobody can be booked. */
export function calendarEvents(state) {
  const shown = new Set(state.columns.map((member) => member.id));
  const live = state.bookings.filter((b) => b.status !== 'cancelled' && shown.has(b.staffId));
  const events = [...live.map((b) => bookingEvent(b, state.readOnly)), ...live.flatMap((b) => bufferEvents(b, state))];
  for (const member of state.columns) {
    for (const [start, end, kind, title, label] of closedTimes(member, state)) {
      // Every event needs an id of its own: the library keeps events by id.
      events.push({
        id: `${kind}-${events.length}`,
        resourceIds: [String(member.id)],
        start,
        end,
        display: 'background',
        classNames: [kind],
        title,
        extendedProps: { label },
      });
    }
  }
  return events;
}
