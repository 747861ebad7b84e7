// One booking (#bookings/ID): what, when, who; confirm, complete, no-show, cancel with a reason,
// move it; take a payment and refund part of one; and what happened to it, with where each event
// was sent. Every action ends with a sentence saying what it did and how far the news went.

import { api, businessPath } from './api.js';
import { deliverySentence, bookingEvents, eventsList } from './booking-events.js';
import { field } from './booking-form.js';
import { clientLabel, statusBadge } from './bookings-common.js';
import { calendarAddress } from './calendar.js';
import { busy, confirmAction, errorNotice, facts, h, isolate, namedChoice, notice, quoted } from './dom.js';
import { dateTime } from './format.js';
import { money, parseMoney } from './forms.js';
import { longDate, timeOf, zonedIso } from './salon-time.js';

/** The sentence for the next render of this page (actions draw the page again). */
let flash = null;

export const PAYMENT_METHODS = [
  ['cash', 'Cash'],
  ['card', 'Card'],
  ['voucher', 'Voucher'],
  ['online', 'Paid online'],
  ['other', 'Other'],
];
const methodLabel = (method) => PAYMENT_METHODS.find(([m]) => m === method)?.[1] ?? method;

const LIVE = ['pending', 'confirmed'];

export async function renderBooking(ctx, id) {
  const bookingId = Number(id);
  const base = businessPath(ctx.business);
  if (!Number.isInteger(bookingId) || bookingId < 1) {
    return h(
      'section',
      null,
      notice('error', 'There is no such booking. Open one from the calendar.'),
      h('a', { href: '#calendar' }, 'Open the calendar'),
    );
  }
  const [booking, payments, events, staff] = await Promise.all([
    api(`${base}/bookings/${bookingId}`),
    api(`${base}/payments?bookingId=${bookingId}&limit=100`).then((a) => a.data),
    bookingEvents(base, bookingId),
    api(`${base}/staff`).then((a) => a.data),
  ]);

  const message = h('div', { class: 'message-area', role: 'status', tabindex: '-1' });
  if (flash?.bookingId === bookingId) {
    message.append(notice(flash.kind, flash.text));
    // The action's button went with the page drawn before: the focus goes to the sentence saying
    // what it did (once the view is on the page), and Tab goes on from there, not from the top.
    setTimeout(() => {
      if (message.isConnected && ctx.isCurrent()) message.focus();
    }, 0);
  }
  flash = null;
  const done = (text) => {
    flash = { bookingId, kind: 'good', text };
    ctx.refresh();
  };
  const failed = (error) => {
    message.replaceChildren(errorNotice(error));
    message.scrollIntoView?.({ block: 'nearest' });
  };

  /** Runs a state change, then says what it did and where the news went. */
  const act = (button, busyLabel, request, event, sentence) =>
    busy(button, busyLabel, async () => {
      try {
        await request();
        done(`${sentence}; ${await deliverySentence(base, bookingId, event)}.`);
      } catch (error) {
        failed(error);
      }
    });

  const day = booking.startTime.slice(0, 10);
  const live = LIVE.includes(booking.status);
  const paid = payments.reduce((sum, p) => sum + (p.kind === 'refund' ? -p.amount : p.amount), 0);
  const refunded = new Map();
  for (const p of payments) if (p.kind === 'refund') refunded.set(p.refundOf, (refunded.get(p.refundOf) ?? 0) + p.amount);

  const actionButtons = [];
  if (booking.status === 'pending') {
    const confirm = h(
      'button',
      {
        type: 'button',
        class: 'primary',
        onclick: () =>
          act(
            confirm,
            'Confirming…',
            () => api(`${base}/bookings/${bookingId}/confirm`, { method: 'POST' }),
            'booking.confirmed',
            'Confirmed',
          ),
      },
      'Confirm',
    );
    actionButtons.push(confirm);
  }
  // The server marks a visit completed or a no-show only once it has started (booking_not_started):
  // before that the page says when, and draws itself again at the start time if it is still open.
  const startsAt = Date.parse(booking.startTime);
  const started = Date.now() >= startsAt;
  let notYet = null;
  if (live && !started) {
    notYet = h(
      'p',
      { class: 'hint not-started' },
      `Mark completed and Mark no-show become available when the visit starts: ${longDate(day)} at ${timeOf(booking.startTime)}.`,
    );
    const wait = startsAt - Date.now();
    if (wait < 12 * 60 * 60_000) {
      setTimeout(() => {
        if (ctx.isCurrent()) ctx.refresh();
      }, wait + 500);
    }
  }
  if (live && started) {
    const complete = h(
      'button',
      {
        type: 'button',
        class: booking.status === 'confirmed' ? 'primary' : null,
        onclick: () =>
          act(
            complete,
            'Saving…',
            () => api(`${base}/bookings/${bookingId}/complete`, { method: 'POST' }),
            'booking.completed',
            'Marked completed',
          ),
      },
      'Mark completed',
    );
    const noShow = h(
      'button',
      {
        type: 'button',
        class: 'danger',
        onclick: async () => {
          const sure = await confirmAction({
            title: 'Mark as a no-show?',
            text: [
              isolate(booking.client.name),
              ` did not come to the ${timeOf(booking.startTime)} appointment. This cannot be undone; connected programs are told.`,
            ],
            confirmLabel: 'Mark no-show',
            danger: true,
          });
          if (sure)
            await act(
              noShow,
              'Saving…',
              () => api(`${base}/bookings/${bookingId}/no-show`, { method: 'POST' }),
              'booking.no_show',
              'Marked as a no-show',
            );
        },
      },
      'Mark no-show',
    );
    actionButtons.push(complete, noShow);
  }

  const sections = [];
  if (live) sections.push(moveForm(), cancelForm());
  sections.push(paymentsSection());

  /**
   * A booking put on a known client by its e-mail address or phone, whose name (or phone) is
   * someone else's: the salon says whether it is the same person. Nothing was changed on the
   * client's record meanwhile; the booking keeps the details as given.
   */
  function clientCheckCard() {
    const { bookedAs, client } = booking;
    const by = booking.clientCheck.matchedBy === 'email' ? 'e-mail address' : 'phone number';
    const details = (d) => isolate([d.name, d.email, d.phone].filter(Boolean).join(' · '));
    const same = h(
      'button',
      {
        type: 'button',
        class: 'primary',
        onclick: () =>
          busy(same, 'Saving…', async () => {
            try {
              await api(`${base}/bookings/${bookingId}/client-check/same-person`, { method: 'POST' });
              done(['Kept with ', isolate(client.name), '; their details stay as they are.']);
            } catch (error) {
              failed(error);
            }
          }),
      },
      'Same person',
    );
    const different = h(
      'button',
      {
        type: 'button',
        onclick: async () => {
          const sure = await confirmAction({
            title: ['Make ', quoted(bookedAs.name), ' a new client?'],
            text: [
              'This booking moves to a new client ',
              quoted(bookedAs.name),
              `${bookedAs.phone ? ` with the phone number ${bookedAs.phone}` : ''}. `,
              isolate(client.name),
              ` stays as they are${booking.clientCheck.matchedBy === 'email' ? ' and keeps the e-mail address' : ''}.`,
            ],
            confirmLabel: 'Make a new client',
          });
          if (!sure) return;
          await busy(different, 'Saving…', async () => {
            try {
              await api(`${base}/bookings/${bookingId}/client-check/different-person`, { method: 'POST' });
              done([quoted(bookedAs.name), ' is now a client of their own, with this booking.']);
            } catch (error) {
              failed(error);
            }
          });
        },
      },
      'Different person',
    );
    return h(
      'section',
      { class: 'card client-check', 'aria-labelledby': 'client-check-title' },
      h('h3', { id: 'client-check-title' }, 'Same person?'),
      h('p', null, 'Booked as ', quoted(bookedAs.name), ` with the ${by} of `, isolate(client.name), ' — same person?'),
      facts([
        ['As booked', details(bookedAs)],
        [[isolate(client.name), '’s details'], details(client)],
      ]),
      h(
        'p',
        { class: 'hint' },
        'Same person keeps the booking with ',
        isolate(client.name),
        '. Different person makes ',
        quoted(bookedAs.name),
        ' a new client and moves this booking to them. Either way ',
        isolate(client.name),
        '’s details stay as they are.',
      ),
      h('div', { class: 'actions' }, same, different),
    );
  }
  const asBooked = booking.bookedAs;
  const bookedOtherwise =
    !booking.clientCheck && ['name', 'email', 'phone'].some((field) => (asBooked[field] ?? null) !== (booking.client[field] ?? null));

  function moveForm() {
    const date = h('input', { id: 'move-date', type: 'date', required: true, value: day });
    const time = h('input', { id: 'move-time', type: 'time', required: true, step: '300', value: timeOf(booking.startTime) });
    const member = namedChoice(
      h(
        'select',
        { id: 'move-staff' },
        staff
          .filter((s) => s.active || s.id === booking.staffId)
          .map((s) => h('option', { value: String(s.id), selected: s.id === booking.staffId }, s.name)),
      ),
    );
    const submit = h('button', { type: 'submit' }, 'Move booking');
    const form = h(
      'form',
      { class: 'card', 'aria-labelledby': 'move-title' },
      h('h3', { id: 'move-title' }, 'Move to another time'),
      h('div', { class: 'field-row' }, field('New date', date), field('New time', time), field('With', member)),
      h('div', { class: 'actions' }, submit),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!date.value || !time.value) return failed({ sentence: 'Choose the new date and time first.' });
      act(
        submit,
        'Moving…',
        () =>
          api(`${base}/bookings/${bookingId}/reschedule`, {
            method: 'POST',
            body: { startTime: zonedIso(date.value, time.value, ctx.business.timezone), staffId: Number(member.value) },
          }),
        'booking.rescheduled',
        `Moved to ${longDate(date.value)} at ${time.value}`,
      );
    });
    return form;
  }

  function cancelForm() {
    const reason = h('input', { id: 'cancel-reason', type: 'text', maxlength: '500' });
    const submit = h('button', { type: 'submit', class: 'danger' }, 'Cancel booking');
    const form = h(
      'form',
      { class: 'card', 'aria-labelledby': 'cancel-title' },
      h('h3', { id: 'cancel-title' }, 'Cancel'),
      field('Reason for cancelling', reason, 'Optional. Connected programs receive it.'),
      h('div', { class: 'actions' }, submit),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const sure = await confirmAction({
        title: 'Cancel this booking?',
        text: [
          isolate(booking.client.name),
          `, ${longDate(day)} at ${timeOf(booking.startTime)}. The time becomes free for others; this cannot be undone.`,
        ],
        confirmLabel: 'Cancel booking',
        danger: true,
      });
      if (!sure) return;
      const body = reason.value.trim() ? { reason: reason.value.trim() } : {};
      await act(
        submit,
        'Cancelling…',
        () => api(`${base}/bookings/${bookingId}/cancel`, { method: 'POST', body }),
        'booking.cancelled',
        'Cancelled',
      );
    });
    return form;
  }

  function paymentsSection() {
    const rows = payments
      .filter((p) => p.kind === 'payment')
      .map((p) => {
        const left = p.amount - (refunded.get(p.id) ?? 0);
        return h(
          'li',
          { class: 'payment' },
          h('span', null, `${money(p.amount, p.currency)} · ${methodLabel(p.method)} · ${dateTime(p.createdAt)}`),
          p.note ? h('span', { class: 'hint' }, ' ', isolate(p.note)) : null,
          refunded.get(p.id) ? h('span', { class: 'hint' }, ` (refunded ${money(refunded.get(p.id), p.currency)})`) : null,
          left > 0 ? refundForm(p, left) : null,
        );
      });
    const amount = h('input', {
      id: 'payment-amount',
      type: 'text',
      inputmode: 'decimal',
      // What is still owed; nothing when it is paid.
      value: booking.price > paid ? String((booking.price - paid) / 100) : '',
    });
    const method = h(
      'select',
      { id: 'payment-method' },
      PAYMENT_METHODS.map(([value, label]) => h('option', { value }, label)),
    );
    const note = h('input', { id: 'payment-note', type: 'text', maxlength: '500' });
    const submit = h('button', { type: 'submit', class: 'primary' }, 'Take payment');
    const form = h(
      'form',
      { class: 'payment-form' },
      h(
        'div',
        { class: 'field-row' },
        field(`Amount (${booking.currency})`, amount),
        field('Paid by', method),
        field('Payment note', note),
      ),
      h('div', { class: 'actions' }, submit),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const minor = parseMoney(amount.value, booking.currency);
      if (!(minor > 0)) return failed({ sentence: 'Type the amount paid, for example 35 or 35.50.' });
      const body = { bookingId, amount: minor, method: method.value };
      if (note.value.trim()) body.note = note.value.trim();
      act(
        submit,
        'Saving…',
        () =>
          api(`${base}/payments`, { method: 'POST', body }).catch((error) => {
            if (error.code === 'payment_too_large') error.sentence = tooMuchSentence();
            throw error;
          }),
        'payment.received',
        `Took ${money(minor, booking.currency)} (${methodLabel(method.value).toLowerCase()})`,
      );
    });
    return h(
      'section',
      { class: 'card', 'aria-labelledby': 'payments-title' },
      h('h3', { id: 'payments-title' }, 'Payments'),
      h('p', null, `Price ${money(booking.price, booking.currency)}; paid ${money(paid, booking.currency)}.`),
      rows.length ? h('ul', { class: 'payments' }, rows) : h('p', { class: 'empty' }, 'No payment yet.'),
      form,
    );
  }

  /** The server takes at most twice the price, refunds subtracted (the price and a tip as large). */
  function tooMuchSentence() {
    const room = Math.max(0, 2 * booking.price - paid);
    if (booking.price === 0) return 'This booking costs nothing, so it takes no payment.';
    if (room === 0) return 'This booking is paid twice over already (its price and a tip as large), so it takes no more payments.';
    return `That is more than this booking can take: its payments may add up to twice its price (the price and a tip as large), so at most ${money(room, booking.currency)} more.`;
  }

  function refundForm(payment, left) {
    const amount = h('input', { id: `refund-amount-${payment.id}`, type: 'text', inputmode: 'decimal', value: String(left / 100) });
    const reason = h('input', { id: `refund-reason-${payment.id}`, type: 'text', maxlength: '500' });
    const submit = h('button', { type: 'submit' }, 'Refund');
    const form = h(
      'form',
      { class: 'refund-form' },
      h(
        'details',
        null,
        h('summary', null, 'Refund…'),
        h('div', { class: 'field-row' }, field('Refund amount', amount), field('Refund reason', reason)),
        h('div', { class: 'actions' }, submit),
      ),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const minor = parseMoney(amount.value, payment.currency);
      if (!(minor > 0)) return failed({ sentence: 'Type the amount to refund, for example 10 or 12.50.' });
      const sure = await confirmAction({
        title: `Refund ${money(minor, payment.currency)}?`,
        text: `Of the ${money(payment.amount, payment.currency)} paid by ${methodLabel(payment.method).toLowerCase()}. A refund cannot be taken back.`,
        confirmLabel: 'Refund',
        danger: true,
      });
      if (!sure) return;
      const body = { amount: minor };
      if (reason.value.trim()) body.reason = reason.value.trim();
      await act(
        submit,
        'Refunding…',
        () => api(`${base}/payments/${payment.id}/refund`, { method: 'POST', body }),
        'payment.refunded',
        `Refunded ${money(minor, payment.currency)}`,
      );
    });
    return form;
  }

  return h(
    'section',
    { class: 'booking' },
    h('div', { class: 'view-head' }, h('h2', null, clientLabel(booking), `, ${timeOf(booking.startTime)}`), statusBadge(booking.status)),
    h('p', null, h('a', { href: calendarAddress(day, false) }, `Back to ${longDate(day)}`)),
    message,
    booking.clientCheck ? clientCheckCard() : null,
    facts([
      ['When', `${longDate(day)}, ${timeOf(booking.startTime)}–${timeOf(booking.endTime)}`],
      ['Service', isolate(booking.serviceName)],
      ['With', isolate(booking.staffName)],
      ['Client', isolate(booking.client.name)],
      [
        'Phone',
        booking.client.phone ? h('a', { href: `tel:${booking.client.phone.replace(/[^+0-9]/g, '')}` }, booking.client.phone) : null,
      ],
      ['E-mail', booking.client.email ? h('a', { href: `mailto:${booking.client.email}` }, booking.client.email) : null],
      ['Given when booking', bookedOtherwise ? isolate([asBooked.name, asBooked.email, asBooked.phone].filter(Boolean).join(' · ')) : null],
      ['Price', money(booking.price, booking.currency)],
      ['Notes', booking.notes ? isolate(booking.notes) : null],
      ['Cancelled because', booking.cancelReason ? isolate(booking.cancelReason) : null],
      ['Booked', `${dateTime(booking.createdAt)} (${booking.source === 'admin' ? 'by the salon' : 'online'})`],
    ]),
    actionButtons.length ? h('div', { class: 'actions booking-actions' }, actionButtons) : null,
    notYet,
    sections,
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'events-title' },
      h('h3', { id: 'events-title' }, 'What happened'),
      eventsList(events),
    ),
  );
}
