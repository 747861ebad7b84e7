// Render: a report's figures: the headline numbers, takings by payment method and each staff
// member's booked hours, each a table whose bars are the chart (so it prints, and reads aloud).

import { facts, h, isolate } from '../../dom.js';
import { money } from '../../ui/money.js';
import { intl, marked, t } from '../../locale.js';
import { longDate, salonDateTime } from '../../salon-time.js';

export const METHOD_WORDS = {
  cash: marked('Cash'),
  card: marked('Card'),
  online: marked('Online'),
  voucher: marked('Voucher'),
  other: marked('Other'),
};

/** A payment method in the page's words (an unknown one as it is). */
export const methodWords = (method) => t(METHOD_WORDS[method] ?? method);

/** Hours and percentages as the page's locale writes them: 7.5, 7,5. */
const decimal = (n) => intl(Intl.NumberFormat, { maximumFractionDigits: 2, useGrouping: false }).format(n);

const percent = (share) => (share === null ? '–' : `${decimal(Math.round(share * 1000) / 10)} %`);

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
    t(
      'Not over yet: bookings from {when} on ({count} still to come) count as booked in Bookings, Clients and booked hours; takings are only what has been paid.',
      { when: salonDateTime(ahead.from), count: ahead.bookings },
    ),
  );
}

export function headline(report) {
  const net = report.takings.reduce((sum, row) => sum + row.net, 0);
  const { desk, website, integration } = report.bookingsBySource;
  return facts([
    [t('Takings, refunds subtracted'), money(net, report.currency)],
    [t('Refunds'), `${report.refunds.count} (${money(report.refunds.amount, report.currency)})`],
    [t('No-shows'), countAndValue(report.noShows, report.currency)],
    [
      t('Late cancellations (by the client, less than {hours} hours before)', { hours: report.lateCancellationHours }),
      countAndValue(report.lateCancellations, report.currency),
    ],
    [t('Cancelled by the salon'), String(report.salonCancellations.count)],
    // Visits done and not paid in full, by the booking's own "Left to pay".
    [t('Left to pay after completed visits'), countAndValue(report.openBalances, report.currency)],
    [
      t('Bookings'),
      t('{total}: {desk} at the desk, {website} on the booking page, {integration} by connected programs', {
        total: desk + website + integration,
        desk,
        website,
        integration,
      }),
    ],
    [t('Clients'), t('{new} new, {returning} returning', { new: report.clients.new, returning: report.clients.returning })],
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
  const most = Math.max(1, ...report.takings.map((row) => row.taken));
  const rows = report.takings.map((row) =>
    h(
      'tr',
      { 'data-method': row.method },
      h('th', { scope: 'row' }, methodWords(row.method)),
      h('td', null, money(row.taken, report.currency)),
      h('td', null, money(row.refunded, report.currency)),
      h('td', null, money(row.net, report.currency)),
      h('td', { class: 'chart-cell', 'aria-hidden': 'true' }, bar(row.taken / most)),
    ),
  );
  return chartTable(t('Takings by payment method'), [t('Method'), t('Taken'), t('Refunded'), t('Net'), ''], rows);
}

export function staffChart(report) {
  const rows = report.staff.map((s) =>
    h(
      'tr',
      { 'data-staff-id': s.staffId },
      h('th', { scope: 'row' }, isolate(s.name)),
      h('td', null, `${decimal(s.bookedHours)} h`),
      h('td', null, `${decimal(s.workingHours)} h`),
      h('td', null, percent(s.utilisation)),
      h('td', { class: 'chart-cell', 'aria-hidden': 'true' }, bar(s.utilisation ?? 0)),
    ),
  );
  return chartTable(
    t('Booked hours of working hours, per staff member'),
    [t('Staff'), t('Booked'), t('Working hours'), t('Booked of working'), ''],
    rows,
  );
}
