// State: what the page makes of a loaded booking, worked out once before anything is drawn.

import { marked, t } from '../../locale.js';
import { money } from '../../ui/money.js';

/** Why nothing is left to pay, by the statuses that owe no price (the words are shown through t()). */
export const NOT_DUE = {
  cancelled: marked('Nothing to pay: the visit was cancelled'),
  no_show: marked('Nothing to pay: the client did not come (a no-show fee, if you charge one, is taken as a payment)'),
};

/** The statuses a booking can still change from: confirm, move, cancel, complete, no-show. */
const LIVE = ['pending', 'confirmed'];

const sumOf = (payments) => payments.reduce((sum, p) => sum + p.amount, 0);

/** The payments taken: each with its refunds (a refund's note is its reason), what they add up to and what is left. */
function takenPayments(payments) {
  const allRefunds = payments.filter((p) => p.kind === 'refund');
  return payments
    .filter((p) => p.kind === 'payment')
    .map((p) => {
      const refunds = allRefunds.filter((r) => r.refundOf === p.id);
      const refunded = sumOf(refunds);
      return { ...p, refunds, refunded, left: p.amount - refunded };
    });
}

/** Whether the details given when booking differ from the client's own (and no check is open about it). */
function bookedOtherwise(booking) {
  if (booking.clientCheck) return false;
  return ['name', 'email', 'phone'].some((field) => (booking.bookedAs[field] ?? null) !== (booking.client[field] ?? null));
}

/**
 * The page's state at `now`: the day, whether the booking can still change and has started (the
 * server marks a visit completed or a no-show only from its start), what was paid, what the salon
 * noted about the client, and the staff it can move to (the active ones, and whoever has it now).
 */
export function bookingState({ booking, client, payments, events, staff }, now = Date.now()) {
  const startsAt = Date.parse(booking.startTime);
  const taken = sumOf(payments.filter((p) => p.kind === 'payment'));
  const refunded = sumOf(payments.filter((p) => p.kind === 'refund'));
  return {
    booking,
    events,
    day: booking.startTime.slice(0, 10),
    live: LIVE.includes(booking.status),
    started: now >= startsAt,
    payments: takenPayments(payments),
    taken,
    refunded,
    // What the client kept paid: the server's limit on payments counts this (tooMuchSentence).
    paid: taken - refunded,
    // A refund gives money back (a fringe redone); it does not make the client owe it again. A visit
    // cancelled, or missed, owes no price: a fee the salon's policy asks is taken as a payment.
    owed: NOT_DUE[booking.status] ? 0 : Math.max(0, booking.price - taken),
    bookedOtherwise: bookedOtherwise(booking),
    // While the salon has not said the details given are its client's, the record may be someone else's.
    clientNotes: booking.clientCheck ? '' : (client?.notes ?? ''),
    movableTo: staff.filter((s) => s.active || s.id === booking.staffId),
  };
}

/** Why the server took no more (payment_too_large): it takes at most twice the price, refunds subtracted (the price and a tip as large). */
export function tooMuchSentence({ booking, paid }) {
  const room = Math.max(0, 2 * booking.price - paid);
  if (booking.price === 0) return t('This booking costs nothing, so it takes no payment.');
  if (room === 0) return t('This booking is paid twice over already (its price and a tip as large), so it takes no more payments.');
  return t(
    'That is more than this booking can take: its payments may add up to twice its price (the price and a tip as large), so at most {amount} more.',
    { amount: money(room, booking.currency) },
  );
}
