// Render: the grid, EventCalendar's resource views: a day with a column per staff member, or one
// staff member's week (state.js columnsOf()).
// The library is a classic script from our own origin (script-src 'self'), loaded once, when the
// calendar is first opened.

import { h, isolate } from '../../dom.js';
import { HOUR_CYCLE } from '../../format.js';
import { pageLocale, t } from '../../locale.js';
import { timeOf, utcOffset } from '../../salon-time.js';
import { classicScript } from '../../ui/classic-script.js';
import { notice, noticeAt } from '../../ui/notice.js';
import { clientLabel } from '../booking/words.js';
import { calendarAddress } from './address.js';
import { sayWhyItStays } from './fixed-visits.js';
import { BUFFER_LABEL, calendarEvents } from './grid-events.js';
import { holdEvents } from './holds.js';
import { moreColumnsCue } from './more-columns.js';
import { hhmm, minutes, wallParts } from './state.js';

const loadLibrary = () => classicScript('/vendor/event-calendar/event-calendar.min.js', 'EventCalendar');

/** Times as "09:00" like every other time on the page, whatever the browser's language (the library's default writes "9:00 AM" in some). */
const TWENTY_FOUR_HOURS = { hour: '2-digit', minute: '2-digit', hourCycle: HOUR_CYCLE };

/**
 * The library's time zone for the salon's offset of this moment. EventCalendar 5.10.1 takes its
 * "now" (the red line, "today") from this offset, except for a zero one: its shift of the
 * browser's clock is skipped when the offset is falsy (`t ? t - local : 0` in its dist file), so
 * a salon in UTC seen from Berlin had the line at Berlin's time. A zero offset is given as one
 * minute east instead: the line one minute (under two pixels) late, against an hour off.
 * Drop this when the pinned library handles "+00:00" (docs/decisions.md, "The salon's clock").
 */
export function libraryZone(timeZone, now = Date.now()) {
  const offset = utcOffset(timeZone, now);
  return offset === '+00:00' || offset === '-00:00' ? '+00:01' : offset;
}

/** A column's name as a link to the staff member's week of `date`. */
const weekLink = (date, resource) =>
  h('a', { href: calendarAddress(date, true, resource.id), class: 'week-link' }, isolate(resource.title));

/**
 * A booking's words in its box: its time, then the client and service. A short one (under half an
 * hour) has one line, and its place on the grid already says when: the client and service only, so
 * that the name reads; the time is whole in its title (on hover) and on its page.
 */
function bookingContent(booking, short, timeText) {
  // Each part its own span: a narrow column gives the client and the service a line each (style.css).
  const names = h(
    'h4',
    { class: 'ec-event-title' },
    h('span', { class: 'client' }, clientLabel(booking)),
    h('span', { class: 'between' }, ' · '),
    h('span', { class: 'service' }, isolate(booking.serviceName)),
  );
  return { domNodes: short ? [names] : [h('time', { class: 'ec-event-time' }, timeText), names] };
}

/** How the grid looks: the days, columns and hours of the state, and how it draws names. */
function lookOptions({ date, week, timeZone, columns, hours, readOnly }) {
  return {
    view: week ? 'resourceTimeGridWeek' : 'resourceTimeGridDay',
    date,
    // The days' names in the page's language, not the browser's.
    locale: pageLocale(),
    // "Today" and the line at the current time are the salon's, not the device's: the library
    // takes its idea of now from this offset (a fixed one, so it is the salon's offset of this
    // moment; the view is drawn again on every visit). Events are wall-clock strings without
    // an offset, so they stay where they are.
    timeZone: libraryZone(timeZone),
    headerToolbar: { start: '', center: '', end: '' },
    // The library's own buttons (none on the toolbar now) in the page's language.
    buttonText: { today: t('Today'), resourceTimeGridDay: t('Day'), resourceTimeGridWeek: t('Week'), close: t('Close') },
    resources: columns.map((s) => ({ id: String(s.id), title: s.name })),
    // A column wide enough for a booking's words whole ("Damenschnitt", not "Damenschni"): on a
    // phone, three staff side by side scroll sideways in the grid rather than cut them.
    columnWidth: 'minmax(7.5rem, 1fr)',
    // A column's name is cut after two lines (style.css): the whole of it on hover.
    resourceLabelDidMount: (info) => {
      info.el.title = info.resource.title;
    },
    // On a day, a staff member's name leads to their week.
    ...(week ? {} : { resourceLabelContent: ({ resource }) => ({ domNodes: [weekLink(date, resource)] }) }),
    // A booking's names isolated (dom.js isolate()), made afresh for each drawing: the library
    // moves the nodes it is given, and draws a booking again while it is dragged.
    eventContent: ({ event, timeText }) => {
      const { booking, buffer } = event.extendedProps ?? {};
      // A preparation's or cleanup's time is the booking's start or end: its box says only what it is.
      if (buffer) return { domNodes: [h('span', { class: 'ec-event-title' }, t(BUFFER_LABEL[buffer]))] };
      return booking ? bookingContent(booking, event.extendedProps.short, timeText) : undefined;
    },
    // A short booking's box cuts a long name and leaves out its time: its title (on hover) says both
    // whole, as a preparation's or cleanup's says what and when. A shaded time says what it is on
    // hover ("The salon’s break").
    eventDidMount: (info) => {
      const { booking, buffer } = info.event.extendedProps ?? {};
      if (booking) info.el.title = `${timeOf(booking.startTime)}–${timeOf(booking.endTime)} ${info.event.title}`;
      // A visit that is over stays put: a try to drag it says why, beside it (the desk's; a stylist moves nothing).
      if (booking && !readOnly) sayWhyItStays(info.el, booking.status);
      else if (buffer || info.event.display === 'background') info.el.title = info.event.title;
      if (info.event.extendedProps?.label) info.el.append(h('span', { class: 'day-label' }, info.event.extendedProps.label));
    },
    firstDay: 1,
    slotMinTime: hours.min,
    slotMaxTime: hours.max,
    slotDuration: '00:15',
    slotLabelInterval: '01:00',
    slotLabelFormat: TWENTY_FOUR_HOURS,
    eventTimeFormat: TWENTY_FOUR_HOURS,
    scrollTime: hours.min,
    height: 'auto',
    nowIndicator: true,
    allDaySlot: false,
    // A week is one staff member's (state.js columnsOf()): their name over their seven days.
    datesAboveResources: false,
  };
}

/** The sentence for a click on a closed day, beside the click. */
function closedAt(point, closure) {
  const text = closure.note
    ? t('The salon is closed: {note}. Nobody can book then.', { note: closure.note })
    : t('The salon is closed. Nobody can book then.');
  noticeAt(point, 'warn', text);
}

/**
 * The minute under the pointer of a click on the grid, to 5 minutes. The library's `date` is the
 * start of the quarter of an hour clicked (it floors to the slot); the click's height in the day's
 * column (`dayEl`, from the grid's first hour to its last) says how far into it. The desk may book
 * any free minute: a click at 09:40 is 09:40, not 09:30.
 */
export function minuteAt({ date, dayEl, jsEvent }, { min, max }) {
  const slot = minutes(wallParts(date).time);
  const box = dayEl?.getBoundingClientRect();
  if (!box?.height || typeof jsEvent?.clientY !== 'number') return hhmm(slot);
  const [first, last] = [minutes(min), minutes(max)];
  const exact = first + ((jsEvent.clientY - box.top) / box.height) * (last - first);
  const rounded = Math.min(Math.round(exact / 5) * 5, last - 5);
  // Within the quarter clicked (or at its end): anything else is a column drawn otherwise than thought.
  return hhmm(rounded >= slot && rounded <= slot + 15 ? rounded : slot);
}

/**
 * A stylist's click on the grid: booking is the desk's, but their own column at a time opens their
 * time off from then (#time-off/2026-11-23T10:40); elsewhere (a colleague's, for an account that
 * is no staff member) a sentence says what they can do, beside the click.
 */
function stylistClick(info, { hours, me }) {
  if (!info.resource) return;
  const { date } = wallParts(info.date);
  if (me?.staffId && String(me.staffId) === info.resource.id) {
    location.hash = `#time-off/${date}T${minuteAt(info, hours)}`;
    return;
  }
  noticeAt(info.jsEvent, 'info', t('Clients are booked at the front desk. Your own time off is under “My time off”.'));
}

/** What a click or a drag on the grid does: book a free time, open a booking or a hold, move a booking. */
function handOptions({ holds, readOnly, closures, hours, me }, actions) {
  if (readOnly)
    return {
      editable: false,
      eventStartEditable: false,
      eventDurationEditable: false,
      dateClick: (info) => stylistClick(info, { hours, me }),
      eventClick: (info) => {
        const { bookingId } = info.event.extendedProps ?? {};
        if (bookingId) location.hash = `#bookings/${bookingId}`;
      },
    };
  return {
    editable: true,
    eventDurationEditable: false,
    eventStartEditable: true,
    dateClick: (info) => {
      if (!info.resource) return;
      const { date } = wallParts(info.date);
      // A closed day ("Weihnachten") offers no booking: it says why, where the click was.
      const closure = closures.find((c) => c.startDate <= date && date <= (c.endDate ?? c.startDate));
      if (closure) return closedAt(info.jsEvent, closure);
      actions.openBooking({ date, time: minuteAt(info, hours), staffId: Number(info.resource.id) });
    },
    eventClick: (info) => {
      const { bookingId, holdId } = info.event.extendedProps ?? {};
      if (bookingId) location.hash = `#bookings/${bookingId}`;
      const hold = holds.find((candidate) => candidate.id === holdId);
      if (hold) actions.showHold(hold);
    },
    eventDrop: actions.moveDropped,
  };
}

/**
 * The grid for `state`, drawn once the library is there; resolves to null when another view
 * overtook this one meanwhile. Without the library, a sentence in its place.
 */
export async function calendarGrid(ctx, state, actions) {
  const grid = h('div', { class: 'calendar-grid', id: 'calendar-grid' });
  try {
    const EventCalendar = await loadLibrary();
    if (!ctx.isCurrent()) return null;
    const held = state.holds.filter((hold) => state.columns.some((member) => member.id === hold.staffId));
    const events = () => [...calendarEvents(state), ...holdEvents(held, state.timeZone)];
    const calendar = EventCalendar.create(grid, { ...lookOptions(state), ...handOptions(state, actions), events: events() });
    actions.onMoved(() => calendar.setOption('events', events()));
    moreColumnsCue(grid);
  } catch {
    grid.append(
      notice('error', t('The calendar could not be drawn. The list of the day above still works; reload the page to try again.')),
    );
  }
  return grid;
}
