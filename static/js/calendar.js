// The calendar: a day or a week with a column per staff member (EventCalendar's resource views),
// showing bookings, holds (calendar-holds.js), breaks, hours off, time off and closures. A click on a free time (or the
// "New booking" button) books a phone or walk-in client; dragging a booking moves it. The address
// holds the date and the view: #calendar/2026-11-23 (a day), #calendar/2026-11-23/week.
// On a phone the day's list comes first (style.css), the grid after it.

import { api, businessPath } from './api.js';
import { bookingDialog } from './booking-form.js';
import { clientLabel, clientName, fetchAll, statusBadge } from './bookings-common.js';
import { holdDialog, holdEvents, holdRows, liveHolds, releaseHold } from './calendar-holds.js';
import { busy, errorNotice, h, isolate, notice } from './dom.js';
import { plural } from './format.js';
import { addDays, isDate, longDate, mondayOf, timeOf, todayIn, utcOffset, wallClock, weekdayKey, zonedIso } from './salon-time.js';

const LIBRARY = '/vendor/event-calendar/event-calendar.min.js';
let libraryLoading;

/** The calendar library, a classic script from our own origin (script-src 'self'), loaded once. */
function loadLibrary() {
  libraryLoading ??= new Promise((resolve, reject) => {
    if (globalThis.EventCalendar) return resolve(globalThis.EventCalendar);
    const script = h('script', { src: LIBRARY });
    script.addEventListener('load', () => resolve(globalThis.EventCalendar));
    script.addEventListener('error', () => {
      libraryLoading = undefined;
      reject(new Error('calendar library did not load'));
    });
    document.head.append(script);
  });
  return libraryLoading;
}

/** A sentence kept for the next render (after a booking was made, the view is drawn again). */
let flash = null;
export function flashNext(kind, text) {
  flash = { kind, text };
}

/** "2026-11-23" or "2026-11-23/week" → { date, week }; anything else is today. */
function parseAddress(id, timeZone) {
  const [date, mode] = (id ?? '').split('/');
  return { date: isDate(date) ? date : todayIn(timeZone), week: mode === 'week' };
}

export const calendarAddress = (date, week) => `#calendar/${date}${week ? '/week' : ''}`;

/** Minutes since midnight of "09:30". */
const minutes = (time) => {
  const [hh, mm] = time.split(':').map(Number);
  return hh * 60 + mm;
};
const hhmm = (total) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/**
 * The hours the grid shows: from the earliest opening, shift or booking shown to the latest, whole
 * hours, 08–20 without any. The bookings count because the hours can change after a booking was
 * made (Saturday closed from now on, a later start): the grid would leave such a booking out.
 */
function visibleHours(business, staff, bookings) {
  const ranges = [
    ...Object.values(business.workingHours ?? {}).flat(),
    ...staff.flatMap((s) => Object.values(s.schedule ?? {}).flatMap((day) => day.hours)),
    ...bookings
      .filter((b) => b.status !== 'cancelled')
      // One that ends after midnight (or on another day) runs to the end of the grid's day.
      .map((b) => ({ start: timeOf(b.startTime), end: b.endTime.slice(0, 10) === b.startTime.slice(0, 10) ? timeOf(b.endTime) : '24:00' })),
  ];
  if (ranges.length === 0) return { min: '08:00', max: '20:00' };
  const first = Math.min(...ranges.map((r) => minutes(r.start)));
  const last = Math.max(...ranges.map((r) => minutes(r.end)));
  return { min: hhmm(Math.floor(first / 60) * 60), max: hhmm(Math.min(24 * 60, Math.ceil(last / 60) * 60)) };
}

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

/** Everything the grid shows for the days `dates`: bookings, and the times nobody can be booked. */
function calendarEvents({ dates, staff, bookings, timeOff, closures, hours }) {
  const events = [];
  for (const booking of bookings) {
    if (booking.status === 'cancelled') continue;
    const movable = booking.status === 'pending' || booking.status === 'confirmed';
    events.push({
      id: `booking-${booking.id}`,
      resourceIds: [String(booking.staffId)],
      start: wallClock(booking.startTime),
      end: wallClock(booking.endTime),
      title: `${clientName(booking)} · ${booking.serviceName}`,
      classNames: ['booking', `status-${booking.status}`],
      editable: movable,
      extendedProps: { bookingId: booking.id, booking },
    });
  }
  // Every event needs an id of its own: the library keeps events by id.
  const background = (staffId, start, end, kind, title) =>
    events.push({
      id: `${kind}-${events.length}`,
      resourceIds: [String(staffId)],
      start,
      end,
      display: 'background',
      classNames: [kind],
      title,
    });
  for (const member of staff) {
    for (const date of dates) {
      const day = member.schedule?.[weekdayKey(date)] ?? { hours: [], breaks: [] };
      for (const gap of gaps(day.hours, hours.min, hours.max))
        background(member.id, `${date}T${gap.start}`, `${date}T${gap.end}`, 'off', 'Not working');
      for (const pause of day.breaks) background(member.id, `${date}T${pause.start}`, `${date}T${pause.end}`, 'break', 'Break');
    }
    for (const off of timeOff.get(member.id) ?? [])
      background(member.id, wallClock(off.startTime), wallClock(off.endTime), 'time-off', off.note || 'Time off');
    for (const closure of closures)
      background(member.id, wallClock(closure.startTime), wallClock(closure.endTime), 'closure', closure.note || 'Closed');
  }
  return events;
}

/** "10:00" of an EventCalendar Date (it shows the salon's wall clock as the browser's local time). */
const wallParts = (date) => ({
  date: `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`,
  time: `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`,
});

/** The day's bookings and holds as a list: first on a phone, and the calendar's text alternative everywhere. */
function dayList({ date, bookings, holds, timeOff, closures, staff, timeZone, onRelease }) {
  const today = bookings.filter((b) => b.startTime.startsWith(date)).sort((a, b) => a.startTime.localeCompare(b.startTime));
  const held = holds.filter((hold) => hold.startTime.startsWith(date));
  const closed = closures.filter((c) => c.startDate <= date && (c.endDate ?? c.startDate) >= date);
  const away = staff.flatMap((member) =>
    (timeOff.get(member.id) ?? [])
      .filter((off) => off.startTime.slice(0, 10) <= date && off.endTime.slice(0, 10) >= date)
      .map((off) => [
        isolate(member.name),
        `: ${off.allDay ? 'away all day' : `away ${timeOf(off.startTime)}–${timeOf(off.endTime)}`}`,
        off.note ? [' (', isolate(off.note), ')'] : null,
      ]),
  );
  return h(
    'section',
    { class: 'day-list', 'aria-labelledby': 'day-list-title' },
    h('h3', { id: 'day-list-title' }, `${longDate(date)}: ${plural(today.length, 'booking', 'bookings')}`),
    closed.map((c) => notice('warn', ['The salon is closed', c.note ? [': ', isolate(c.note)] : null, '.'])),
    away.length
      ? h(
          'p',
          { class: 'hint' },
          away.map((line, i) => (i ? ['; ', line] : line)),
        )
      : null,
    held.length
      ? h(
          'section',
          { class: 'held', 'aria-labelledby': 'day-holds-title' },
          h('h4', { id: 'day-holds-title' }, 'Held for clients booking on the website'),
          h('ol', { class: 'bookings' }, holdRows(held, timeZone, onRelease)),
        )
      : null,
    today.length === 0
      ? h('p', { class: 'empty' }, 'No bookings on this day.')
      : h(
          'ol',
          { class: 'bookings' },
          today.map((b) =>
            h(
              'li',
              { class: `booking-row status-${b.status}` },
              h(
                'a',
                { href: `#bookings/${b.id}` },
                h('span', { class: 'when' }, `${timeOf(b.startTime)}–${timeOf(b.endTime)}`),
                ' ',
                clientLabel(b),
              ),
              h('span', { class: 'what' }, isolate(b.serviceName), ' · ', isolate(b.staffName)),
              statusBadge(b.status),
            ),
          ),
        ),
  );
}

function setupNeeded(services, staff) {
  const missing = [services.length === 0 ? 'services' : null, staff.length === 0 ? 'staff' : null].filter(Boolean).join(' and ');
  return h(
    'div',
    { class: 'setup-needed' },
    notice('warn', `This salon has no ${missing} yet, so nobody can be booked.`),
    h('a', { class: 'button primary', href: '#setup' }, 'Finish setting up the salon'),
  );
}

export async function renderCalendar(ctx, id) {
  const business = ctx.business;
  const timeZone = business.timezone;
  const base = businessPath(business);
  const { date, week } = parseAddress(id, timeZone);
  const first = week ? mondayOf(date) : date;
  const dates = Array.from({ length: week ? 7 : 1 }, (_, i) => addDays(first, i));
  const last = dates.at(-1);

  const [services, allStaff, bookings, closures, allHolds] = await Promise.all([
    api(`${base}/services`).then((a) => a.data),
    api(`${base}/staff`).then((a) => a.data),
    fetchAll(`${base}/bookings?from=${first}&to=${last}`),
    api(`${base}/closures`).then((a) => a.data),
    api(`${base}/holds`).then((a) => a.data),
  ]);
  const holds = liveHolds(allHolds).filter((hold) => hold.startTime.slice(0, 10) >= first && hold.startTime.slice(0, 10) <= last);
  const staff = allStaff.filter((s) => s.active);
  const timeOffLists = await Promise.all(staff.map((s) => api(`${base}/staff/${s.id}/time-off`).then((a) => a.data)));
  const timeOff = new Map(staff.map((s, i) => [s.id, timeOffLists[i]]));
  const activeServices = services.filter((s) => s.active);

  const message = h('div', { class: 'message-area', role: 'status' });
  if (flash) {
    message.append(notice(flash.kind, flash.text));
    flash = null;
  }
  const say = (kind, text) => message.replaceChildren(notice(kind, text));
  const sayError = (error) => message.replaceChildren(errorNotice(error));

  if (activeServices.length === 0 || staff.length === 0) {
    return h(
      'section',
      { class: 'calendar' },
      h('div', { class: 'view-head' }, h('h2', null, 'Calendar')),
      setupNeeded(activeServices, staff),
    );
  }

  const openBooking = (preset) =>
    bookingDialog({
      business,
      services: activeServices,
      staff,
      preset,
      onBooked: (booking, sentence) => {
        flashNext('good', sentence);
        const target = calendarAddress(booking.startTime.slice(0, 10), week);
        if (location.hash === target) ctx.refresh();
        else location.hash = target;
      },
    });

  /** Lets a hold go, says so, and draws the view again without it. */
  const release = async (hold) => {
    flashNext('good', await releaseHold(base, hold));
    ctx.refresh();
  };
  const releaseFromList = (hold, button) =>
    busy(button, 'Releasing…', async () => {
      try {
        await release(hold);
      } catch (error) {
        sayError(error);
      }
    });

  const go = (d, w = week) => {
    location.hash = calendarAddress(d, w);
  };
  const dateField = h('input', {
    id: 'calendar-date',
    type: 'date',
    value: date,
    onchange: (event) => {
      if (isDate(event.target.value)) go(event.target.value);
    },
  });
  const step = week ? 7 : 1;
  const head = h(
    'div',
    { class: 'view-head calendar-head' },
    h('h2', null, week ? `Week of ${longDate(first)}` : longDate(date)),
    h(
      'div',
      { class: 'calendar-controls' },
      h('button', { type: 'button', onclick: () => go(addDays(date, -step)) }, week ? 'Previous week' : 'Previous day'),
      h('button', { type: 'button', onclick: () => go(todayIn(timeZone)) }, 'Today'),
      h('button', { type: 'button', onclick: () => go(addDays(date, step)) }, week ? 'Next week' : 'Next day'),
      h('label', { class: 'inline', htmlFor: 'calendar-date' }, 'Date'),
      dateField,
      h(
        'span',
        { class: 'view-switch', role: 'group', 'aria-label': 'View' },
        h('a', { href: calendarAddress(date, false), 'aria-current': week ? null : 'page' }, 'Day'),
        h('a', { href: calendarAddress(date, true), 'aria-current': week ? 'page' : null }, 'Week'),
      ),
      h('button', { type: 'button', class: 'primary', onclick: () => openBooking({ date, time: null, staffId: null }) }, 'New booking'),
    ),
  );

  const grid = h('div', { class: 'calendar-grid', id: 'calendar-grid' });
  const hours = visibleHours(business, staff, bookings);
  try {
    const EventCalendar = await loadLibrary();
    if (!ctx.isCurrent()) return h('div');
    EventCalendar.create(grid, {
      view: week ? 'resourceTimeGridWeek' : 'resourceTimeGridDay',
      date,
      // "Today" and the line at the current time are the salon's, not the device's: the library
      // takes its idea of now from this offset (a fixed one, so it is the salon's offset of this
      // moment; the view is drawn again on every visit). Events are wall-clock strings without
      // an offset, so they stay where they are.
      timeZone: utcOffset(timeZone),
      headerToolbar: { start: '', center: '', end: '' },
      resources: staff.map((s) => ({ id: String(s.id), title: s.name })),
      // A column's name is cut after two lines (style.css): the whole of it on hover.
      resourceLabelDidMount: (info) => {
        info.el.title = info.resource.title;
      },
      // A booking's names isolated (dom.js isolate()), made afresh for each drawing: the library
      // moves the nodes it is given, and draws a booking again while it is dragged.
      eventContent: ({ event, timeText }) => {
        const { booking } = event.extendedProps ?? {};
        if (!booking) return undefined;
        return {
          domNodes: [
            h('time', { class: 'ec-event-time' }, timeText),
            h('h4', { class: 'ec-event-title' }, clientLabel(booking), ' · ', isolate(booking.serviceName)),
          ],
        };
      },
      // A short booking's box cuts a long name: its title (on hover) says it whole.
      eventDidMount: (info) => {
        if (info.event.extendedProps?.bookingId) info.el.title = info.event.title;
      },
      events: [...calendarEvents({ dates, staff, bookings, timeOff, closures, hours }), ...holdEvents(holds, timeZone)],
      firstDay: 1,
      slotMinTime: hours.min,
      slotMaxTime: hours.max,
      slotDuration: '00:15',
      slotLabelInterval: '01:00',
      // "09:00" like every other time on the page (the library's default writes "9:00").
      slotLabelFormat: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
      // The same for a booking's own "10:00 – 10:45" (the default follows the browser's language:
      // "10:00 – 10:45 AM" in an English (US) one, beside hour labels and a list in 24-hour time).
      eventTimeFormat: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
      scrollTime: hours.min,
      height: 'auto',
      nowIndicator: true,
      allDaySlot: false,
      editable: true,
      eventDurationEditable: false,
      eventStartEditable: true,
      datesAboveResources: week,
      dateClick: (info) => {
        if (!info.resource) return;
        const { date: d, time } = wallParts(info.date);
        openBooking({ date: d, time, staffId: Number(info.resource.id) });
      },
      eventClick: (info) => {
        const { bookingId, holdId } = info.event.extendedProps ?? {};
        if (bookingId) location.hash = `#bookings/${bookingId}`;
        const hold = holds.find((candidate) => candidate.id === holdId);
        if (hold) {
          holdDialog(hold, timeZone, {
            onBook: () =>
              openBooking({
                date: hold.startTime.slice(0, 10),
                time: timeOf(hold.startTime),
                staffId: hold.staffId,
                serviceId: hold.serviceIds[0],
              }),
            onRelease: release,
          });
        }
      },
      eventDrop: async (info) => {
        const bookingId = info.event.extendedProps.bookingId;
        const { date: d, time } = wallParts(info.event.start);
        const staffId = Number(info.newResource?.id ?? info.event.resourceIds[0]);
        try {
          const moved = await api(`${base}/bookings/${bookingId}/reschedule`, {
            method: 'POST',
            body: { startTime: zonedIso(d, time, timeZone), staffId },
          });
          say('good', ['Moved ', isolate(moved.client.name), ` to ${longDate(d)} at ${time} with `, isolate(moved.staffName), '.']);
        } catch (error) {
          info.revert();
          sayError(error);
        }
      },
    });
  } catch {
    grid.append(notice('error', 'The calendar could not be drawn. The list of the day above still works; reload the page to try again.'));
  }

  return h(
    'section',
    { class: 'calendar' },
    head,
    message,
    h(
      'div',
      { class: 'calendar-body' },
      dayList({ date, bookings, holds, timeOff, closures, staff, timeZone, onRelease: releaseFromList }),
      grid,
    ),
    h(
      'p',
      { class: 'hint' },
      `Times are the salon's (${timeZone}). Click a free time in a column to book someone, or drag a booking to move it. Closed days, time off, breaks and hours off are shaded; times held for a client booking on the website are striped, with who holds them and until when (click one to book it anyway or let it go).`,
    ),
  );
}
