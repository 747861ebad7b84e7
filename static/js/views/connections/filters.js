// The history's filters: outcome, event, first and last day in the salon's zone, booking number;
// and the query they make for the list (empty fields left out).

import { h } from '../../dom.js';
import { capitalise, EVENT_LABELS, eventLabel } from '../../format.js';
import { marked, t } from '../../locale.js';
import { addDays, zonedIso } from '../../salon-time.js';

const OUTCOMES = [
  ['', marked('All attempts')],
  ['failed', marked('Failed')],
  ['retrying', marked('Failed, retried later')],
  ['success', marked('Delivered')],
  ['pending', marked('Waiting to be sent')],
];

/** No filter set. */
export const noFilters = () => ({ status: '', event: '', from: '', to: '', bookingId: '' });

export const filtered = (filters) => Object.values(filters).some(Boolean);

/** The list's query of the filters: the salon's days as instants, from the first day's start to the last day's end. */
export function filterQuery(filters, timeZone) {
  const instant = (date) => new Date(zonedIso(date, '00:00', timeZone)).toISOString();
  return {
    status: filters.status,
    event: filters.event,
    since: filters.from ? instant(filters.from) : '',
    until: filters.to ? instant(addDays(filters.to, 1)) : '',
    bookingId: filters.bookingId,
  };
}

const field = (id, label, control) => [h('label', { for: id }, label), control];

const choice = (id, onchange, options) =>
  h(
    'select',
    { id, onchange },
    options.map(([value, label]) => h('option', { value }, label)),
  );

/** The filters above the list; each change sets `filters` and calls `changed()`. */
export function filterBar(filters, changed) {
  const set = (name) => (event) => {
    filters[name] = event.target.value.trim();
    changed();
  };
  const events = Object.keys(EVENT_LABELS)
    .filter((name) => name !== '*')
    .map((name) => [name, capitalise(eventLabel(name))]);
  return h(
    'div',
    { class: 'filter' },
    field(
      'history-filter',
      t('Show'),
      choice(
        'history-filter',
        set('status'),
        OUTCOMES.map(([value, label]) => [value, t(label)]),
      ),
    ),
    field('history-event', t('About'), choice('history-event', set('event'), [['', t('Everything')], ...events])),
    field('history-from', t('From'), h('input', { id: 'history-from', type: 'date', onchange: set('from') })),
    field('history-to', t('To'), h('input', { id: 'history-to', type: 'date', onchange: set('to') })),
    field(
      'history-booking',
      t('Booking number'),
      h('input', { id: 'history-booking', type: 'number', min: '1', inputmode: 'numeric', onchange: set('bookingId') }),
    ),
  );
}
