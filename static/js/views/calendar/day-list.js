// Render: the day's bookings and holds as a list: first on a phone, and the calendar's text
// alternative everywhere. Closures and who is away come first.

import { h, isolate, phrase } from '../../dom.js';
import { t, tn } from '../../locale.js';
import { longDate, timeOf } from '../../salon-time.js';
import { BOOKING_STATUS, statusBadge } from '../../ui/badge.js';
import { notice } from '../../ui/notice.js';
import { clientLabel } from '../booking/words.js';
import { holdRows } from './holds.js';

const awayLine = ({ member, off }) => [
  off.allDay
    ? phrase(t('{name}: away all day'), { name: isolate(member.name) })
    : phrase(t('{name}: away {from}–{to}'), { name: isolate(member.name), from: timeOf(off.startTime), to: timeOf(off.endTime) }),
  off.note ? [' (', isolate(off.note), ')'] : null,
];

function bookingRow(b) {
  return h(
    'li',
    { class: `booking-row status-${b.status}` },
    h('a', { href: `#bookings/${b.id}` }, h('span', { class: 'when' }, `${timeOf(b.startTime)}–${timeOf(b.endTime)}`), ' ', clientLabel(b)),
    h('span', { class: 'what' }, isolate(b.serviceName), ' · ', isolate(b.staffName)),
    statusBadge(BOOKING_STATUS, b.status),
  );
}

function heldList(held, timeZone, onRelease, titleId = 'day-holds-title') {
  if (held.length === 0) return null;
  return h(
    'section',
    { class: 'held', 'aria-labelledby': titleId },
    h('h4', { id: titleId }, t('Held for clients booking on the website')),
    h('ol', { class: 'bookings' }, holdRows(held, timeZone, onRelease)),
  );
}

/** What a day says first: the salon closed, who is away. */
const dayNotes = ({ closed, away }) => [
  closed.map((c) =>
    notice('warn', c.note ? phrase(t('The salon is closed: {note}.'), { note: isolate(c.note) }) : t('The salon is closed.')),
  ),
  away.length
    ? h(
        'p',
        { class: 'hint' },
        away.map((line, i) => (i ? ['; ', awayLine(line)] : awayLine(line))),
      )
    : null,
];

/**
 * The list under one staff member's week (state.js columnsOf()): their bookings of the week shown,
 * day by day; `days` are dayOf()'s of each date, for them alone. Days with nothing are left out.
 */
export function weekList(member, days, timeZone, onRelease) {
  const count = days.reduce((sum, day) => sum + day.bookings.length, 0);
  const shown = days.filter((day) => day.bookings.length || day.held.length || day.closed.length || day.away.length);
  return h(
    'section',
    { class: 'day-list', 'aria-labelledby': 'day-list-title' },
    h(
      'h3',
      { id: 'day-list-title' },
      phrase(tn(count, '{name}: {count} booking this week', '{name}: {count} bookings this week'), { name: isolate(member.name) }),
    ),
    shown.length === 0 ? h('p', { class: 'empty' }, t('No bookings this week.')) : null,
    shown.map((day) => [
      h('h4', { class: 'week-day' }, longDate(day.date)),
      dayNotes(day),
      heldList(day.held, timeZone, onRelease, `day-holds-title-${day.date}`),
      day.bookings.length ? h('ol', { class: 'bookings' }, day.bookings.map(bookingRow)) : null,
    ]),
  );
}

/** The list of `day` (state.js dayOf()); `onRelease(hold, button)` lets a hold go. */
export function dayList(day, timeZone, onRelease) {
  const { date, bookings, held, closed, away } = day;
  return h(
    'section',
    { class: 'day-list', 'aria-labelledby': 'day-list-title' },
    h('h3', { id: 'day-list-title' }, tn(bookings.length, '{date}: {count} booking', '{date}: {count} bookings', { date: longDate(date) })),
    dayNotes({ closed, away }),
    heldList(held, timeZone, onRelease),
    bookings.length === 0
      ? h('p', { class: 'empty' }, t('No bookings on this day.'))
      : h('ol', { class: 'bookings' }, bookings.map(bookingRow)),
  );
}
