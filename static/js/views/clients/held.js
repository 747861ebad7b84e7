// What the salon holds about a client (#clients/ID/data), to read and print for them: their
// details, visits, payments, reviews, the e-mails sent to them and the links in those, in the
// salon's words. The same export as "Download their data", which also has each visit's history.

import { button, facts, h, isolate, phrase } from '../../dom.js';
import { dateTime } from '../../format.js';
import { marked, t, tn } from '../../locale.js';
import { salonDateTime } from '../../salon-time.js';
import { BOOKING_STATUS, MESSAGE_STATUS, statusWords } from '../../ui/badge.js';
import { money } from '../../ui/money.js';
import { messageArea } from '../../ui/notice.js';
import { itemPage } from '../../ui/pages.js';
import { MESSAGE_KINDS } from '../booking/messages.js';
import { methodLabel } from '../booking/words.js';
import { clientName, downloadData } from './rights.js';

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
    h('h3', { id: 'held-details-heading' }, t('Their details')),
    facts([
      [t('Name'), isolate(clientName(client))],
      [t('E-mail'), client.email],
      [t('Phone'), client.phone],
      [t('Notes for the salon'), client.notes ? isolate(client.notes) : null],
      [t('Client since'), dateTime(client.createdAt)],
      [t('Last changed'), dateTime(client.updatedAt)],
      [t('Their address refused'), mail?.refusedAt ? t('by its mail server on {when}', { when: dateTime(mail.refusedAt) }) : null],
      [t('Reminders'), mail?.remindersOffAt ? t('turned off by them on {when}', { when: dateTime(mail.remindersOffAt) }) : null],
    ]),
  );
}

/** One of four sentences by two questions: sentences[first ? 0 : 1][second ? 0 : 1]. */
const oneOf = (first, second, sentences) => sentences[first ? 0 : 1][second ? 0 : 1];

function visitRow(b) {
  const given = [b.bookedAs?.name, b.bookedAs?.email, b.bookedAs?.phone].filter(Boolean).join(' · ');
  const values = { when: dateTime(b.createdAt), given: isolate(given) };
  const booked = phrase(
    oneOf(given, b.source === 'admin', [
      [t('Booked by the salon on {when}; details given: {given}.'), t('Booked online on {when}; details given: {given}.')],
      [t('Booked by the salon on {when}.'), t('Booked online on {when}.')],
    ]),
    values,
  );
  return [
    line(
      `${salonDateTime(b.startTime)} · `,
      t('{service} with {staff}', { service: isolate(b.serviceName), staff: isolate(b.staffName) }),
      ` · ${money(b.price, b.currency)} · ${t(statusWords(BOOKING_STATUS, b.status)[0])}`,
    ),
    hint(booked),
    b.notes ? hint(t('Their notes: “{notes}”', { notes: isolate(b.notes) })) : null,
    b.cancelReason ? hint(t('Cancelled because: {reason}', { reason: isolate(b.cancelReason) })) : null,
  ];
}

/** A payment's method inside a sentence: "Payment of €35.00 (card)". */
const METHOD_IN_SENTENCE = {
  cash: marked('cash'),
  card: marked('card'),
  voucher: marked('voucher'),
  online: marked('paid online'),
  other: marked('other'),
};

function paymentRow(visits, p) {
  const values = {
    amount: money(p.amount, p.currency),
    method: t(METHOD_IN_SENTENCE[p.method] ?? methodLabel(p.method).toLowerCase()),
    visit: visits.get(p.bookingId),
  };
  const what = phrase(
    oneOf(visits.has(p.bookingId), p.kind === 'refund', [
      [t('Refund of {amount} ({method}) for the visit on {visit}'), t('Payment of {amount} ({method}) for the visit on {visit}')],
      [t('Refund of {amount} ({method})'), t('Payment of {amount} ({method})')],
    ]),
    values,
  );
  return [
    line(`${dateTime(p.createdAt)} · ${what}`),
    p.note
      ? hint(p.kind === 'refund' ? t('Reason: {note}', { note: isolate(p.note) }) : t('Note: {note}', { note: isolate(p.note) }))
      : null,
  ];
}

function reviewRow(visits, r) {
  const values = { rating: r.rating, name: isolate(r.authorName), visit: visits.get(r.bookingId) };
  return [
    line(
      `${dateTime(r.createdAt)} · `,
      visits.has(r.bookingId)
        ? t('{rating} of 5 stars for the visit on {visit}, signed “{name}”', values)
        : t('{rating} of 5 stars, signed “{name}”', values),
    ),
    r.comment ? hint(t('“{comment}”', { comment: isolate(r.comment) })) : null,
  ];
}

function messageRow(visits, m) {
  const kind = t(MESSAGE_KINDS[m.kind] ?? m.kind);
  return line(
    `${dateTime(m.sentAt ?? m.createdAt)} · `,
    visits.has(m.bookingId) ? t('{kind} for the visit on {visit}', { kind, visit: visits.get(m.bookingId) }) : kind,
    m.to ? ` ${t('to {address}', { address: m.to })}` : '',
    ` · ${t(statusWords(MESSAGE_STATUS, m.status)[0])}`,
  );
}

/** The links in their e-mails and the reminders still to come, one list; each "for the visit on …" when it was exported with them. */
function linksPart(data, visits) {
  const items = [
    ...data.manageLinks.map((l) => {
      const values = { when: dateTime(l.issuedAt), visit: visits.get(l.bookingId) };
      return visits.has(l.bookingId)
        ? t('A link to move or cancel the visit, issued {when} for the visit on {visit}', values)
        : t('A link to move or cancel the visit, issued {when}', values);
    }),
    ...data.reminders.map((r) => {
      const values = { when: dateTime(r.dueAt), visit: visits.get(r.bookingId) };
      return visits.has(r.bookingId)
        ? t('A reminder to send {when} for the visit on {visit}', values)
        : t('A reminder to send {when}', values);
    }),
  ];
  return part(
    'links',
    t('Links and reminders'),
    items,
    (text) => line(text),
    t('No links to move or cancel a visit, and no reminders to come.'),
  );
}

function heldParts(data) {
  const visits = new Map(data.bookings.map((b) => [b.id, salonDateTime(b.startTime)]));
  return [
    detailsPart(data.client),
    part('visits', t('Visits ({count})', { count: data.bookings.length }), data.bookings, visitRow, t('No visits.')),
    part('payments', t('Payments and refunds'), data.payments, (p) => paymentRow(visits, p), t('No payments.')),
    part('reviews', t('Reviews'), data.reviews, (r) => reviewRow(visits, r), t('No reviews.')),
    part('messages', t('E-mails sent to them'), data.messages, (m) => messageRow(visits, m), t('No e-mails.')),
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
    [`#clients/${id}`, t('← Back to the client')],
    h('h2', null, t('What the salon holds about {name}', { name: isolate(clientName(data.client)) })),
    h(
      'p',
      { class: 'intro' },
      tn(
        histories,
        'As of {when}. The downloaded file holds all of it, and the history of {count} visit (each change, and where it was sent).',
        'As of {when}. The downloaded file holds all of it, and the history of {count} visits (each change, and where it was sent).',
        { when: dateTime(data.exportedAt) },
      ),
    ),
    h(
      'div',
      { class: 'actions no-print' },
      button(t('Print'), () => window.print()),
      button(t('Download their data'), (element) => downloadData(ctx, element, messages, data.client)),
    ),
    messages,
    heldParts(data),
  );
}
