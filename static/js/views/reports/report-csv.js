// The report as CSV: one row per figure, amounts as numbers with the currency.

import { csvText, downloadCsv } from '../../ui/csv.js';
import { moneyInput } from '../../ui/money.js';
import { METHOD_WORDS } from './figures.js';

function rowsOf(report) {
  const amount = (minor) => moneyInput(minor, report.currency);
  return [
    ...report.takings.flatMap((t) => [
      [`Taken: ${METHOD_WORDS[t.method]}`, '', amount(t.taken), report.currency],
      [`Refunded: ${METHOD_WORDS[t.method]}`, '', amount(t.refunded), report.currency],
    ]),
    ['Refunds', report.refunds.count, amount(report.refunds.amount), report.currency],
    ['No-shows', report.noShows.count, amount(report.noShows.value), report.currency],
    ['Late cancellations by the client', report.lateCancellations.count, amount(report.lateCancellations.value), report.currency],
    ['Cancelled by the salon', report.salonCancellations.count, '', ''],
    ['Bookings at the desk', report.bookingsBySource.desk, '', ''],
    ['Bookings on the booking page', report.bookingsBySource.website, '', ''],
    ['Bookings by connected programs', report.bookingsBySource.integration, '', ''],
    ['New clients', report.clients.new, '', ''],
    ['Returning clients', report.clients.returning, '', ''],
    ...report.staff.flatMap((s) => [
      [`Booked hours: ${s.name}`, s.bookedHours, '', ''],
      [`Working hours: ${s.name}`, s.workingHours, '', ''],
    ]),
  ];
}

export function downloadReport(report) {
  const name = `report-${report.from}-${report.to}.csv`;
  downloadCsv(name, csvText(['Figure', 'Count or hours', 'Amount', 'Currency'], rowsOf(report)));
  return name;
}
