// The report's period: from the address (#reports/2026-10-01/2026-10-31), else this month in the
// salon's calendar (a salon set up this month has nothing in the last one); and the form that picks another one.

import { h } from '../../dom.js';
import { addDays, isDate, todayIn } from '../../salon-time.js';
import { field } from '../../ui/fields.js';
import { t } from '../../locale.js';

/** The first and last day of the month before `today`'s. */
function lastMonth(today) {
  const firstOfThis = `${today.slice(0, 8)}01`;
  const last = addDays(firstOfThis, -1);
  return { from: `${last.slice(0, 8)}01`, to: last };
}

/** The whole month of `today`, 1st to last day: the days ahead count their bookings as booked (the report says so). */
function thisMonth(today) {
  const firstOfNext = addDays(`${today.slice(0, 8)}28`, 4).slice(0, 8);
  return { from: `${today.slice(0, 8)}01`, to: addDays(`${firstOfNext}01`, -1) };
}

/** The period the address names, or this month. */
export function periodOf(id, zone) {
  const [from, to] = (id ?? '').split('/');
  if (isDate(from) && isDate(to) && from <= to) return { from, to };
  return thisMonth(todayIn(zone));
}

export const periodAddress = ({ from, to }) => `#reports/${from}/${to}`;

/** The form: two dates and "Show"; and the two periods asked for most, one click each, both whole months. */
export function periodForm(period, zone) {
  const from = h('input', { id: 'report-from', name: 'from', type: 'date', value: period.from, required: true });
  const to = h('input', { id: 'report-to', name: 'to', type: 'date', value: period.to, required: true });
  const today = todayIn(zone);
  const form = h(
    'form',
    { class: 'report-period no-print', novalidate: true },
    field(t('From'), from),
    field(t('To'), to),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, t('Show'))),
    h(
      'p',
      { class: 'quick-periods' },
      h('a', { href: periodAddress(lastMonth(today)) }, t('Last month')),
      ' · ',
      h('a', { href: periodAddress(thisMonth(today)) }, t('This month')),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (from.value && to.value) location.hash = periodAddress({ from: from.value, to: to.value });
  });
  return form;
}
