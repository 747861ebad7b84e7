// The salon's data as CSV, for the accountant and for moving to another program: clients,
// bookings and payments, each a download of everything the salon has (times in the salon's zone,
// amounts as numbers with their currency).

import { button, h } from '../../dom.js';
import { todayIn, wallClockOf } from '../../salon-time.js';
import { csvNumber, csvText, downloadCsv } from '../../ui/csv.js';
import { marked, t } from '../../locale.js';
import { BOOKING_STATUS, statusWords } from '../../ui/badge.js';
import { moneyInput } from '../../ui/money.js';
import { methodWords } from './figures.js';
import { messageArea, perform, say } from '../../ui/notice.js';
import { titledSection } from '../../ui/pages.js';

const EVERYTHING = 1_000_000;

// The page's words for the API's codes: a spreadsheet in German reads "Nicht erschienen", not
// "no-show" (the API's own lists keep the codes, for programs).
// Where a booking came from as the report counts it (the API's bookedVia): the desk, the website
// (the booking page) or a connected program, not the last two as one.
const SOURCE_WORDS = { desk: marked('the salon'), website: marked('the booking page'), integration: marked('a connected program') };
const KIND_WORDS = { payment: marked('Payment'), refund: marked('A refund') };
const date = (localIso) => localIso.slice(0, 10);
const time = (localIso) => localIso.slice(11, 16);

async function clientsCsv(api) {
  const clients = await api.all('adminListClients', {}, EVERYTHING);
  return csvText(
    [t('Name'), t('Phone'), t('E-mail'), t('Notes'), t('Client since')],
    clients.map((c) => [c.name, c.phone, c.email, c.notes, c.createdAt.slice(0, 10)]),
  );
}

async function bookingsCsv(api, zone) {
  const bookings = await api.all('adminListBookings', {}, EVERYTHING);
  return csvText(
    [
      t('Date'),
      t('Start'),
      t('End'),
      t('Services'),
      t('Staff'),
      t('Client'),
      t('Phone'),
      t('E-mail'),
      t('Status'),
      t('Price'),
      t('Currency'),
      t('Booked by'),
      t('Booked at'),
      t('Cancel reason'),
    ],
    bookings.map((b) => [
      date(b.startTime),
      time(b.startTime),
      time(b.endTime),
      b.serviceName,
      b.staffName,
      b.client.name,
      b.client.phone,
      b.client.email,
      statusWords(BOOKING_STATUS, b.status)[0],
      csvNumber(moneyInput(b.price, b.currency)),
      b.currency,
      SOURCE_WORDS[b.bookedVia] ? t(SOURCE_WORDS[b.bookedVia]) : b.bookedVia,
      wallClockOf(zone, Date.parse(b.createdAt)).replace('T', ' '),
      b.cancelReason,
    ]),
  );
}

async function paymentsCsv(api, zone) {
  const [payments, bookings] = await Promise.all([
    api.all('adminListPayments', {}, EVERYTHING),
    api.all('adminListBookings', {}, EVERYTHING),
  ]);
  const byId = new Map(bookings.map((b) => [b.id, b]));
  return csvText(
    [t('Date'), t('Time'), t('Kind'), t('Method'), t('Amount'), t('Currency'), t('Booking'), t('Visit date'), t('Client'), t('Note')],
    payments.map((p) => {
      const local = wallClockOf(zone, Date.parse(p.createdAt));
      const booking = byId.get(p.bookingId);
      const amount = csvNumber(moneyInput(p.kind === 'refund' ? -p.amount : p.amount, p.currency));
      return [
        date(local),
        time(local),
        KIND_WORDS[p.kind] ? t(KIND_WORDS[p.kind]) : p.kind,
        methodWords(p.method),
        amount,
        p.currency,
        p.bookingId,
        booking && date(booking.startTime),
        booking?.client.name,
        p.note,
      ];
    }),
  );
}

/** The section with a button per download. */
export function exportPart(ctx) {
  const messages = messageArea();
  // The salon's date, not UTC's: a file downloaded at 00:30 in Berlin is named after that day.
  const today = todayIn(ctx.business.timezone);
  const download = (file, make) => (element) =>
    perform(element, t('Preparing…'), messages, async () => {
      downloadCsv(file, await make());
      say(messages, 'good', t('Downloaded {file}.', { file }));
    });
  return titledSection(
    { class: 'card export', titleId: 'export-title', title: t('Your data as CSV') },
    h('p', { class: 'hint' }, t('For your accountant, a spreadsheet or another booking program: everything the salon has, one file each.')),
    h(
      'div',
      { class: 'actions' },
      button(
        t('Download clients'),
        download(t('clients-{date}.csv', { date: today }), () => clientsCsv(ctx.api)),
      ),
      button(
        t('Download bookings'),
        download(t('bookings-{date}.csv', { date: today }), () => bookingsCsv(ctx.api, ctx.business.timezone)),
      ),
      button(
        t('Download payments'),
        download(t('payments-{date}.csv', { date: today }), () => paymentsCsv(ctx.api, ctx.business.timezone)),
      ),
    ),
    messages,
  );
}
