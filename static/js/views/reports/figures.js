// Render: a report's figures: the headline numbers, takings by payment method and each staff
// member's booked hours, each a table whose bars are the chart (so it prints, and reads aloud).

import { facts, h, isolate } from '../../dom.js';
import { money } from '../../ui/money.js';
import { intl } from '../../locale.js';
import { longDate, salonDateTime } from '../../salon-time.js';

export const METHOD_WORDS = { cash: 'Cash', card: 'Card', online: 'Online', voucher: 'Voucher', other: 'Other' };

const percent = (share) => (share === null ? '–' : `${Math.round(share * 1000) / 10} %`);

/** A bar as wide as `share` of its cell; set through the CSSOM, which the page's CSP allows (a style attribute it does not). */
function bar(share) {
  const element = h('span', { class: 'bar' });
  element.style.width = `${Math.min(100, Math.max(0, share * 100))}%`;
  return element;
}
const countAndValue = ({ count, value }, currency) => `${count} (${money(value, currency)})`;

const dayMonthYear = () => intl(Intl.DateTimeFormat, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dateWords = (date) => dayMonthYear().format(new Date(`${date}T00:00:00Z`));

/** The period in words: "1 October 2026 – 31 October 2026"; one day with its weekday. */
export const periodWords = ({ from, to }) => (from === to ? longDate(from) : `${dateWords(from)} – ${dateWords(to)}`);

/**
 * For a period not over yet: from when on its visits are still to come, and which figures count
 * them as booked (takings are only what has been paid); nothing for a period that is over.
 */
export function aheadNote(report) {
  const ahead = report.stillToCome;
  if (!ahead) return null;
  return h(
    'p',
    { class: 'report-ahead' },
    `Not over yet: bookings from ${salonDateTime(ahead.from)} on (${ahead.bookings} still to come) count as booked in Bookings, Clients and booked hours; `,
    'takings are only what has been paid.',
  );
}

export function headline(report) {
  const net = report.takings.reduce((sum, t) => sum + t.net, 0);
  const { desk, website, integration } = report.bookingsBySource;
  return facts([
    ['Takings, refunds subtracted', money(net, report.currency)],
    ['Refunds', `${report.refunds.count} (${money(report.refunds.amount, report.currency)})`],
    ['No-shows', countAndValue(report.noShows, report.currency)],
    [
      `Late cancellations (by the client, less than ${report.lateCancellationHours} hours before)`,
      countAndValue(report.lateCancellations, report.currency),
    ],
    ['Cancelled by the salon', String(report.salonCancellations.count)],
    [
      'Bookings',
      `${desk + website + integration}: ${desk} at the desk, ${website} on the booking page, ${integration} by connected programs`,
    ],
    ['Clients', `${report.clients.new} new, ${report.clients.returning} returning`],
  ]);
}

function chartTable(caption, head, rows) {
  return h(
    'table',
    { class: 'report-table' },
    h('caption', null, caption),
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        head.map((label) => h('th', { scope: 'col' }, label)),
      ),
    ),
    h('tbody', null, rows),
  );
}

export function takingsChart(report) {
  const most = Math.max(1, ...report.takings.map((t) => t.taken));
  const rows = report.takings.map((t) =>
    h(
      'tr',
      { 'data-method': t.method },
      h('th', { scope: 'row' }, METHOD_WORDS[t.method] ?? t.method),
      h('td', null, money(t.taken, report.currency)),
      h('td', null, money(t.refunded, report.currency)),
      h('td', null, money(t.net, report.currency)),
      h('td', { class: 'chart-cell', 'aria-hidden': 'true' }, bar(t.taken / most)),
    ),
  );
  return chartTable('Takings by payment method', ['Method', 'Taken', 'Refunded', 'Net', ''], rows);
}

export function staffChart(report) {
  const rows = report.staff.map((s) =>
    h(
      'tr',
      { 'data-staff-id': s.staffId },
      h('th', { scope: 'row' }, isolate(s.name)),
      h('td', null, `${s.bookedHours} h`),
      h('td', null, `${s.workingHours} h`),
      h('td', null, percent(s.utilisation)),
      h('td', { class: 'chart-cell', 'aria-hidden': 'true' }, bar(s.utilisation ?? 0)),
    ),
  );
  return chartTable('Booked hours of working hours, per staff member', ['Staff', 'Booked', 'Working', 'Booked of working', ''], rows);
}
