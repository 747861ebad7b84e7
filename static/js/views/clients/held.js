// What the salon holds about a client (#clients/ID/data), to read and print for them: their
// details, visits, payments, reviews, the e-mails sent to them and the links in those, in the
// salon's words. The same export as "Download their data", which also has each visit's history.

import { button, facts, h, isolate, quoted } from '../../dom.js';
import { dateTime, plural } from '../../format.js';
import { salonDateTime } from '../../salon-time.js';
import { BOOKING_STATUS, MESSAGE_STATUS, statusWords } from '../../ui/badge.js';
import { money } from '../../ui/money.js';
import { messageArea } from '../../ui/notice.js';
import { itemPage } from '../../ui/pages.js';
import { MESSAGE_KINDS } from '../booking/messages.js';
import { methodLabel } from '../booking/words.js';
import { downloadData } from './rights.js';

/** A section of the summary: its heading and a list of `rows` (each `row(item)`), or `none`. */
function part(key, title, items, row, none) {
  return h(
    'section',
    { class: `panel held-${key}`, 'aria-labelledby': `held-${key}-heading` },
    h('h3', { id: `held-${key}-heading` }, title),
    items.length
      ? h(
          'ul',
          { class: 'list-plain' },
          items.map((item) => h('li', { class: 'row-item' }, h('div', null, row(item)))),
        )
      : h('p', { class: 'empty' }, none),
  );
}

const line = (...parts) => h('p', null, ...parts);
const hint = (...parts) => h('p', { class: 'hint' }, ...parts);

function detailsPart(client) {
  const mail = client.emailState;
  return h(
    'section',
    { class: 'panel held-details', 'aria-labelledby': 'held-details-heading' },
    h('h3', { id: 'held-details-heading' }, 'Their details'),
    facts([
      ['Name', isolate(client.name)],
      ['E-mail', client.email],
      ['Phone', client.phone],
      ['Notes for the salon', client.notes ? isolate(client.notes) : null],
      ['Client since', dateTime(client.createdAt)],
      ['Last changed', dateTime(client.updatedAt)],
      ['Their address refused', mail?.refusedAt ? `by its mail server on ${dateTime(mail.refusedAt)}` : null],
      ['Reminders', mail?.remindersOffAt ? `turned off by them on ${dateTime(mail.remindersOffAt)}` : null],
    ]),
  );
}

function visitRow(b) {
  const given = [b.bookedAs?.name, b.bookedAs?.email, b.bookedAs?.phone].filter(Boolean).join(' · ');
  return [
    line(
      `${salonDateTime(b.startTime)} · `,
      isolate(b.serviceName),
      ' with ',
      isolate(b.staffName),
      ` · ${money(b.price, b.currency)} · ${statusWords(BOOKING_STATUS, b.status)[0]}`,
    ),
    hint(
      `Booked ${b.source === 'admin' ? 'by the salon' : 'online'} on ${dateTime(b.createdAt)}`,
      given ? ['; details given: ', isolate(given)] : null,
      '.',
    ),
    b.notes ? hint('Their notes: ', quoted(b.notes)) : null,
    b.cancelReason ? hint('Cancelled because: ', isolate(b.cancelReason)) : null,
  ];
}

/** "for the visit on Mon, 23 Nov 2026, 10:00", from the visits exported with it. */
const forVisit = (visits, bookingId) => (visits.has(bookingId) ? ` for the visit on ${visits.get(bookingId)}` : '');

function paymentRow(visits, p) {
  const what = p.kind === 'refund' ? 'Refund' : 'Payment';
  return [
    line(
      `${dateTime(p.createdAt)} · ${what} of ${money(p.amount, p.currency)} (${methodLabel(p.method).toLowerCase()})${forVisit(visits, p.bookingId)}`,
    ),
    p.note ? hint(p.kind === 'refund' ? 'Reason: ' : 'Note: ', isolate(p.note)) : null,
  ];
}

const reviewRow = (visits, r) => [
  line(`${dateTime(r.createdAt)} · ${r.rating} of 5 stars${forVisit(visits, r.bookingId)}, signed `, quoted(r.authorName)),
  r.comment ? hint(quoted(r.comment)) : null,
];

const messageRow = (visits, m) =>
  line(
    `${dateTime(m.sentAt ?? m.createdAt)} · ${MESSAGE_KINDS[m.kind] ?? m.kind}${forVisit(visits, m.bookingId)}`,
    m.to ? ` to ${m.to}` : '',
    ` · ${statusWords(MESSAGE_STATUS, m.status)[0]}`,
  );

/** The links in their e-mails and the reminders still to come, one list. */
function linksPart(data, visits) {
  const items = [
    ...data.manageLinks.map((l) => `A link to move or cancel the visit, issued ${dateTime(l.issuedAt)}${forVisit(visits, l.bookingId)}`),
    ...data.reminders.map((r) => `A reminder to send ${dateTime(r.dueAt)}${forVisit(visits, r.bookingId)}`),
  ];
  return part('links', 'Links and reminders', items, (text) => line(text), 'No links to move or cancel a visit, and no reminders to come.');
}

function heldParts(data) {
  const visits = new Map(data.bookings.map((b) => [b.id, salonDateTime(b.startTime)]));
  return [
    detailsPart(data.client),
    part('visits', `Visits (${data.bookings.length})`, data.bookings, visitRow, 'No visits.'),
    part('payments', 'Payments and refunds', data.payments, (p) => paymentRow(visits, p), 'No payments.'),
    part('reviews', 'Reviews', data.reviews, (r) => reviewRow(visits, r), 'No reviews.'),
    part('messages', 'E-mails sent to them', data.messages, (m) => messageRow(visits, m), 'No e-mails.'),
    linksPart(data, visits),
  ];
}

/** #clients/ID/data: the summary, with Print and the download beside it. */
export async function renderHeld(ctx, id) {
  const data = await ctx.api.call('adminExportClient', { id });
  const messages = messageArea();
  const histories = data.history.filter((entry) => entry.events.length > 0).length;
  return itemPage(
    { class: 'client-held', 'data-client-id': id },
    [`#clients/${id}`, '← Back to the client'],
    h('h2', null, 'What the salon holds about ', isolate(data.client.name)),
    h(
      'p',
      { class: 'intro' },
      `As of ${dateTime(data.exportedAt)}. The downloaded file holds all of it, and the history of ${plural(histories, 'visit', 'visits')} (each change, and where it was sent).`,
    ),
    h(
      'div',
      { class: 'actions no-print' },
      button('Print', () => window.print()),
      button('Download their data', (element) => downloadData(ctx, element, messages, data.client)),
    ),
    messages,
    heldParts(data),
  );
}
