// Actions: what the page's buttons and forms do. Each change ends with a sentence saying what it
// did and how far the news went, kept for the page, which is drawn again; a refusal is said in
// the page's message area. The ones that cannot be undone ask first.

import { busy, confirmAction, isolate, phrase, quoted } from '../../dom.js';
import { longDate, timeOf, zonedIso } from '../../salon-time.js';
import { t } from '../../locale.js';
import { money } from '../../ui/money.js';
import { flashNext, sayError } from '../../ui/notice.js';
import { deliverySentence } from './events.js';
import { tooMuchSentence } from './state.js';
import { methodWords } from './words.js';

/** The question before marking how a visit went: its `sentence` names the client and the time. */
const visitOver = (booking, title, sentence, confirmLabel) => ({
  title,
  text: phrase(sentence, { client: isolate(booking.client.name), time: timeOf(booking.startTime) }),
  confirmLabel,
  keepLabel: t('Not yet'),
});

/**
 * The questions asked before what cannot be undone, each the same way: what happens, to whom and
 * when, that it cannot be undone; a button that does it and one that says what stays.
 */
const ASK = {
  complete: (booking) =>
    visitOver(booking, t('Mark as completed?'), t('{client} came to the {time} appointment. This cannot be undone.'), t('Mark completed')),
  noShow: (booking) => ({
    ...visitOver(
      booking,
      t('Mark as a no-show?'),
      t('{client} did not come to the {time} appointment. This cannot be undone.'),
      t('Mark no-show'),
    ),
    danger: true,
  }),
  cancel: (booking) => ({
    title: t('Cancel this booking?'),
    text: phrase(t('{client}, {date} at {time}. The time becomes free for others; this cannot be undone.'), {
      client: isolate(booking.client.name),
      date: longDate(booking.startTime.slice(0, 10)),
      time: timeOf(booking.startTime),
    }),
    confirmLabel: t('Cancel booking'),
    keepLabel: t('Keep the booking'),
    danger: true,
  }),
  newClient: ({ bookedAs, client, clientCheck }) => ({
    title: phrase(t('Make {name} a new client?'), { name: quoted(bookedAs.name) }),
    text: [
      phrase(
        bookedAs.phone
          ? t('This booking moves to a new client {name} with the phone number {phone}.')
          : t('This booking moves to a new client {name}.'),
        { name: quoted(bookedAs.name), phone: bookedAs.phone },
      ),
      ' ',
      phrase(
        clientCheck.matchedBy === 'email'
          ? t('{client} stays as they are and keeps the e-mail address.')
          : t('{client} stays as they are.'),
        { client: isolate(client.name) },
      ),
    ],
    confirmLabel: t('Make a new client'),
    keepLabel: t('Go back'),
  }),
  refund: (payment, amount) => ({
    title: t('Refund {amount}?', { amount: money(amount, payment.currency) }),
    text: t('Of the {amount} paid by {method}. A refund cannot be taken back.', {
      amount: money(payment.amount, payment.currency),
      method: methodWords(payment.method),
    }),
    confirmLabel: t('Refund'),
    keepLabel: t('Keep the payment'),
    danger: true,
  }),
};

/** What the client check's answers did, said after them. */
const kept = (booking) => phrase(t('Kept with {client}; their details stay as they are.'), { client: isolate(booking.client.name) });
const separated = (booking) =>
  phrase(t('{name} is now a client of their own, with this booking.'), { name: quoted(booking.bookedAs.name) });

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
    confirm: (button) => act(button, t('Confirming…'), () => call('adminConfirmBooking'), t('Confirmed'), 'booking.confirmed'),
    complete: async (button) => {
      if (await confirmAction(ASK.complete(booking)))
        await act(button, t('Saving…'), () => call('adminCompleteBooking'), t('Marked completed'), 'booking.completed');
    },
    noShow: async (button) => {
      if (await confirmAction(ASK.noShow(booking)))
        await act(button, t('Saving…'), () => call('adminNoShowBooking'), t('Marked as a no-show'), 'booking.no_show');
    },
    samePerson: (button) => act(button, t('Saving…'), () => call('adminKeepBookingClient'), kept(booking)),
    differentPerson: async (button) => {
      if (!(await confirmAction(ASK.newClient(booking)))) return;
      await act(button, t('Saving…'), () => call('adminSeparateBookingClient'), separated(booking));
    },
    move: (button, { date, time, staffId }) =>
      act(
        button,
        t('Moving…'),
        () => call('adminRescheduleBooking', { body: { startTime: zonedIso(date, time, ctx.business.timezone), staffId } }),
        t('Moved to {date} at {time}', { date: longDate(date), time }),
        'booking.rescheduled',
      ),
    cancel: async (button, body) => {
      if (await confirmAction(ASK.cancel(booking)))
        await act(button, t('Cancelling…'), () => call('adminCancelBooking', { body }), t('Cancelled'), 'booking.cancelled');
    },
    pay: (button, body) =>
      act(
        button,
        t('Saving…'),
        () => ctx.api.call('adminRecordPayment', { body: { bookingId: id, ...body } }).catch(sayingTooMuch(state)),
        t('Took {amount} ({method})', { amount: money(body.amount, booking.currency), method: methodWords(body.method) }),
        'payment.received',
      ),
    refund: async (button, payment, body) => {
      if (!(await confirmAction(ASK.refund(payment, body.amount)))) return;
      await act(
        button,
        t('Refunding…'),
        () => ctx.api.call('adminRefundPayment', { id: payment.id, body }),
        t('Refunded {amount}', { amount: money(body.amount, payment.currency) }),
        'payment.refunded',
      );
    },
  };
}
