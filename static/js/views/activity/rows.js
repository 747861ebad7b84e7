// Render: one line of the activity (when, who, what happened, what changed), and the sentence over
// the list.

import { h, isolate } from '../../dom.js';
import { t, tn } from '../../locale.js';
import { actionWords, changeWords, instantWords, whoWords } from './words.js';

/** A booking's entry links to the booking. */
const about = (entry) =>
  entry.target.kind === 'booking' && entry.target.id
    ? h('a', { href: `#bookings/${entry.target.id}` }, actionWords(entry))
    : actionWords(entry);

/** One entry's row; `salon`: { currency, zone, services: Map of id → name } (changeWords). */
export function activityRow(entry, salon) {
  return h(
    'tr',
    { 'data-entry-id': entry.id },
    h('td', null, instantWords(entry.at, salon.zone)),
    h('td', null, isolate(whoWords(entry.actor))),
    h('td', null, about(entry)),
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
