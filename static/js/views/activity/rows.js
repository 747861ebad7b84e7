// Render: one line of the activity (when, who, what happened, what changed), and the sentence over
// the list.

import { h, isolate } from '../../dom.js';
import { t, tn } from '../../locale.js';
import { actionWords, bookingWords, changeWords, instantWords, whoWords } from './words.js';

/** The booking an entry is about: its own, or a payment's or a refund's (as the entry says, when the booking is gone). */
export function bookingOf(entry) {
  if (entry.booking) return entry.booking.id;
  if (entry.target.kind === 'booking') return entry.target.id;
  if (entry.target.kind === 'payment') return entry.changes.find((c) => c.field === 'bookingId')?.after ?? null;
  return null;
}

/** What happened, linking to the booking it is about, and under it whose booking and what. */
function about(entry, salon) {
  const booking = bookingOf(entry);
  const words = bookingWords(entry, salon);
  return [
    booking ? h('a', { href: `#bookings/${booking}` }, actionWords(entry)) : actionWords(entry),
    words ? h('div', { class: 'hint booking-about', dir: 'auto' }, words) : null,
  ];
}

/** One entry's row; `salon`: { currency, zone, services: Map of id → name } (changeWords). */
export function activityRow(entry, salon) {
  return h(
    'tr',
    { 'data-entry-id': entry.id },
    h('td', null, instantWords(entry.at, salon.zone)),
    h('td', null, isolate(whoWords(entry.actor))),
    h('td', null, about(entry, salon)),
    h('td', { class: 'hint', dir: 'auto' }, changeWords(entry, salon)),
  );
}

export const activityTable = (rows) =>
  h(
    'table',
    { class: 'activity' },
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        [t('When'), t('Who'), t('What happened'), t('What changed')].map((title) => h('th', { scope: 'col' }, title)),
      ),
    ),
    rows,
  );

export const summaryWords = (total) =>
  total === 0 ? t('Nothing matches these filters.') : tn(total, '{count} change, newest first.', '{count} changes, newest first.');
