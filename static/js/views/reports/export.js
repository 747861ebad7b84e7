// The salon's data as CSV, for the accountant and for moving to another program: clients,
// bookings and payments, each a download of everything the salon has (times in the salon's zone,
// amounts as numbers with their currency).

import { button, h } from '../../dom.js';
import { wallClockOf } from '../../salon-time.js';
import { csvText, downloadCsv } from '../../ui/csv.js';
import { moneyInput } from '../../ui/money.js';
import { messageArea, perform, say } from '../../ui/notice.js';

const EVERYTHING = 1_000_000;

const SOURCE_WORDS = { admin: 'the salon', integration: 'online' };
const date = (localIso) => localIso.slice(0, 10);
const time = (localIso) => localIso.slice(11, 16);

async function clientsCsv(api) {
  const clients = await api.all('adminListClients', {}, EVERYTHING);
  return csvText(
    ['Name', 'Phone', 'E-mail', 'Notes', 'Client since'],
    clients.map((c) => [c.name, c.phone, c.email, c.notes, c.createdAt.slice(0, 10)]),
  );
}

async function bookingsCsv(api, zone) {
  const bookings = await api.all('adminListBookings', {}, EVERYTHING);
  return csvText(
    [
      'Date',
      'Start',
      'End',
      'Services',
      'Staff',
      'Client',
      'Phone',
      'E-mail',
      'Status',
      'Price',
      'Currency',
      'Booked by',
      'Booked at',
      'Cancel reason',
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
      b.status.replace('_', '-'),
      moneyInput(b.price, b.currency),
      b.currency,
      SOURCE_WORDS[b.source] ?? b.source,
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
    ['Date', 'Time', 'Kind', 'Method', 'Amount', 'Currency', 'Booking', 'Visit date', 'Client', 'Note'],
    payments.map((p) => {
      const local = wallClockOf(zone, Date.parse(p.createdAt));
      const booking = byId.get(p.bookingId);
      const amount = moneyInput(p.kind === 'refund' ? -p.amount : p.amount, p.currency);
      return [
        date(local),
        time(local),
        p.kind,
        p.method,
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
  const today = new Date().toISOString().slice(0, 10);
  const download = (what, make) => (element) =>
    perform(element, 'Preparing…', messages, async () => {
      downloadCsv(`${what}-${today}.csv`, await make());
      say(messages, 'good', `Downloaded ${what}-${today}.csv.`);
    });
  return h(
    'section',
    { class: 'card export', 'aria-labelledby': 'export-title' },
    h('h3', { id: 'export-title' }, 'Your data as CSV'),
    h('p', { class: 'hint' }, 'For your accountant, a spreadsheet or another booking program: everything the salon has, one file each.'),
    h(
      'div',
      { class: 'actions' },
      button(
        'Download clients',
        download('clients', () => clientsCsv(ctx.api)),
      ),
      button(
        'Download bookings',
        download('bookings', () => bookingsCsv(ctx.api, ctx.business.timezone)),
      ),
      button(
        'Download payments',
        download('payments', () => paymentsCsv(ctx.api, ctx.business.timezone)),
      ),
    ),
    messages,
  );
}
