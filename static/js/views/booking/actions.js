// Actions: what the page's buttons and forms do. Each change ends with a sentence saying what it
// did and how far the news went, kept for the page, which is drawn again; a refusal is said in
// the page's message area. The ones that cannot be undone ask first.

import { busy, confirmAction, isolate, quoted } from '../../dom.js';
import { longDate, timeOf, zonedIso } from '../../salon-time.js';
import { money } from '../../ui/money.js';
import { flashNext, sayError } from '../../ui/notice.js';
import { deliverySentence } from './events.js';
import { tooMuchSentence } from './state.js';
import { methodLabel } from './words.js';

/**
 * The questions asked before what cannot be undone, each the same way: what happens, to whom and
 * when, that it cannot be undone; a button that does it and one that says what stays.
 */
const ASK = {
  complete: (booking) => ({
    title: 'Mark as completed?',
    text: [isolate(booking.client.name), ` came to the ${timeOf(booking.startTime)} appointment. This cannot be undone.`],
    confirmLabel: 'Mark completed',
    keepLabel: 'Not yet',
  }),
  noShow: (booking) => ({
    title: 'Mark as a no-show?',
    text: [isolate(booking.client.name), ` did not come to the ${timeOf(booking.startTime)} appointment. This cannot be undone.`],
    confirmLabel: 'Mark no-show',
    keepLabel: 'Not yet',
    danger: true,
  }),
  cancel: (booking) => ({
    title: 'Cancel this booking?',
    text: [
      isolate(booking.client.name),
      `, ${longDate(booking.startTime.slice(0, 10))} at ${timeOf(booking.startTime)}. The time becomes free for others; this cannot be undone.`,
    ],
    confirmLabel: 'Cancel booking',
    keepLabel: 'Keep the booking',
    danger: true,
  }),
  newClient: ({ bookedAs, client, clientCheck }) => ({
    title: ['Make ', quoted(bookedAs.name), ' a new client?'],
    text: [
      'This booking moves to a new client ',
      quoted(bookedAs.name),
      `${bookedAs.phone ? ` with the phone number ${bookedAs.phone}` : ''}. `,
      isolate(client.name),
      ` stays as they are${clientCheck.matchedBy === 'email' ? ' and keeps the e-mail address' : ''}.`,
    ],
    confirmLabel: 'Make a new client',
    keepLabel: 'Go back',
  }),
  refund: (payment, amount) => ({
    title: `Refund ${money(amount, payment.currency)}?`,
    text: `Of the ${money(payment.amount, payment.currency)} paid by ${methodLabel(payment.method).toLowerCase()}. A refund cannot be taken back.`,
    confirmLabel: 'Refund',
    keepLabel: 'Keep the payment',
    danger: true,
  }),
};

/** The payment's refusal in the page's words when it is more than the booking takes. */
const sayingTooMuch = (state) => (error) => {
  if (error.code === 'payment_too_large') error.sentence = tooMuchSentence(state);
  throw error;
};

/** The actions of the booking in `state`; `message` is where a refusal is said. */
export function bookingActions(ctx, state, message) {
  const { booking } = state;
  const id = booking.id;
  const call = (operationId, params) => ctx.api.call(operationId, { id, ...params });
  const failed = (error) => {
    sayError(message, error);
    message.scrollIntoView?.({ block: 'nearest' });
  };
  const done = (sentence) => {
    flashNext('good', sentence);
    ctx.refresh();
  };
  /** Runs a change while `button` is busy, then says what it did (`sentence`) and which connected programs `event` told. */
  const act = (button, busyLabel, change, sentence, event) =>
    busy(button, busyLabel, async () => {
      try {
        await change();
        done(event ? `${sentence}${await deliverySentence(ctx.api, id, event)}.` : sentence);
      } catch (error) {
        failed(error);
      }
    });

  return {
    failed,
    confirm: (button) => act(button, 'Confirming…', () => call('adminConfirmBooking'), 'Confirmed', 'booking.confirmed'),
    complete: async (button) => {
      if (await confirmAction(ASK.complete(booking)))
        await act(button, 'Saving…', () => call('adminCompleteBooking'), 'Marked completed', 'booking.completed');
    },
    noShow: async (button) => {
      if (await confirmAction(ASK.noShow(booking)))
        await act(button, 'Saving…', () => call('adminNoShowBooking'), 'Marked as a no-show', 'booking.no_show');
    },
    samePerson: (button) =>
      act(button, 'Saving…', () => call('adminKeepBookingClient'), [
        'Kept with ',
        isolate(booking.client.name),
        '; their details stay as they are.',
      ]),
    differentPerson: async (button) => {
      if (!(await confirmAction(ASK.newClient(booking)))) return;
      await act(button, 'Saving…', () => call('adminSeparateBookingClient'), [
        quoted(booking.bookedAs.name),
        ' is now a client of their own, with this booking.',
      ]);
    },
    move: (button, { date, time, staffId }) =>
      act(
        button,
        'Moving…',
        () => call('adminRescheduleBooking', { body: { startTime: zonedIso(date, time, ctx.business.timezone), staffId } }),
        `Moved to ${longDate(date)} at ${time}`,
        'booking.rescheduled',
      ),
    cancel: async (button, body) => {
      if (await confirmAction(ASK.cancel(booking)))
        await act(button, 'Cancelling…', () => call('adminCancelBooking', { body }), 'Cancelled', 'booking.cancelled');
    },
    pay: (button, body) =>
      act(
        button,
        'Saving…',
        () => ctx.api.call('adminRecordPayment', { body: { bookingId: id, ...body } }).catch(sayingTooMuch(state)),
        `Took ${money(body.amount, booking.currency)} (${methodLabel(body.method).toLowerCase()})`,
        'payment.received',
      ),
    refund: async (button, payment, body) => {
      if (!(await confirmAction(ASK.refund(payment, body.amount)))) return;
      await act(
        button,
        'Refunding…',
        () => ctx.api.call('adminRefundPayment', { id: payment.id, body }),
        `Refunded ${money(body.amount, payment.currency)}`,
        'payment.refunded',
      );
    },
  };
}
