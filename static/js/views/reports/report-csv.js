// The report as CSV: one row per figure, amounts as numbers with the currency.

import { csvNumber, csvText, downloadCsv } from '../../ui/csv.js';
import { moneyInput } from '../../ui/money.js';
import { t } from '../../locale.js';
import { methodWords } from './figures.js';

function rowsOf(report) {
  const amount = (minor) => csvNumber(moneyInput(minor, report.currency));
  return [
    ...report.takings.flatMap((row) => [
      [t('Taken: {method}', { method: methodWords(row.method) }), '', amount(row.taken), report.currency],
      [t('Refunded: {method}', { method: methodWords(row.method) }), '', amount(row.refunded), report.currency],
    ]),
    [t('Refunds'), report.refunds.count, amount(report.refunds.amount), report.currency],
    [t('No-shows'), report.noShows.count, amount(report.noShows.value), report.currency],
    [t('Late cancellations by the client'), report.lateCancellations.count, amount(report.lateCancellations.value), report.currency],
    [t('Cancelled by the salon'), report.salonCancellations.count, '', ''],
    [t('Left to pay after completed visits'), report.openBalances.count, amount(report.openBalances.value), report.currency],
    [t('Bookings at the desk'), report.bookingsBySource.desk, '', ''],
    [t('Bookings on the booking page'), report.bookingsBySource.website, '', ''],
    [t('Bookings by connected programs'), report.bookingsBySource.integration, '', ''],
    [t('New clients'), report.clients.new, '', ''],
    [t('Returning clients'), report.clients.returning, '', ''],
    ...report.staff.flatMap((s) => [
      [t('Booked hours: {name}', { name: s.name }), s.bookedHours, '', ''],
      [t('Working hours: {name}', { name: s.name }), s.workingHours, '', ''],
    ]),
  ];
}

export function downloadReport(report) {
  const name = t('report-{from}-{to}.csv', { from: report.from, to: report.to });
  downloadCsv(name, csvText([t('Figure'), t('Count or hours'), t('Amount'), t('Currency')], rowsOf(report)));
  return name;
}
