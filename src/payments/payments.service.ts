import { recordAudit } from '../audit/record.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/transaction.ts';
import type { Outbox } from '../delivery/outbox.ts';
import type { Tx } from '../db/transaction.ts';
import { toIso } from '../clock.ts';
import { findBookingView } from '../bookings/bookings.repository.ts';
import type { PaymentRow } from '../db/tables.ts';
import { errors } from '../http/errors.ts';
import {
  countPayments,
  findPayment,
  insertPayment,
  lockPaymentsOf,
  netPaidForBooking,
  pagePayments,
  refundedOf,
} from './payments.repository.ts';
import type paymentCreateSchema from '../../schema/payment-create.ts';
import type refundCreateSchema from '../../schema/refund-create.ts';
import type paymentsQuerySchema from '../../schema/payments-query.ts';
import type { Valid } from '../http/validate.ts';

type Deps = { readonly clock: Clock; readonly outbox: Outbox };

/** What this feature's operations use of the application. */
export type PaymentsDeps = Deps & { readonly db: Db };

export type PaymentInput = Valid<typeof paymentCreateSchema>;

export type RefundInput = Valid<typeof refundCreateSchema>;

export type PaymentsQuery = Valid<typeof paymentsQuerySchema>;

export function toPaymentJson(row: PaymentRow) {
  return {
    id: row.id,
    kind: row.kind,
    bookingId: row.booking_id,
    refundOf: row.refund_of,
    amount: row.amount,
    currency: row.currency,
    method: row.method,
    note: row.note,
    createdAt: toIso(row.created_at),
  };
}

export async function listPayments(app: { readonly db: Db }, businessId: number, { page, limit, bookingId }: PaymentsQuery) {
  const [rows, total] = await Promise.all([
    pagePayments(app.db, businessId, (page - 1) * limit, limit, bookingId),
    countPayments(app.db, businessId, bookingId),
  ]);
  return { data: rows.map(toPaymentJson), total };
}

/**
 * What a booking may still take: its payments, refunds subtracted, add up to at most twice its
 * price, the price and a tip as large. A tip is money a salon really takes with a visit, and a
 * limit keeps a slip of the finger (1 000 000.00 for 35.00) out of the books and the webhooks.
 */
export function paymentRoom(price: number, paid: number): number {
  return Math.max(0, 2 * price - paid);
}

/** Records money received for a booking (payment.received), in the booking's currency. */
export async function recordPayment(trx: Tx, app: Deps, businessId: number, input: PaymentInput) {
  const booking = await findBookingView(trx, businessId, input.bookingId);
  if (!booking) throw errors.notFound('Booking');
  if (booking.status === 'cancelled') throw errors.conflict('booking_cancelled', 'A cancelled booking takes no payments.');
  await lockPaymentsOf(trx, booking.id);
  const paid = await netPaidForBooking(trx, booking.id);
  const room = paymentRoom(booking.price, paid);
  if (input.amount > room) {
    throw errors.conflict(
      'payment_too_large',
      `At most ${room} more can be paid for this booking: its payments, refunds subtracted, may add up to twice its price ` +
        `(the price and a tip as large), and it costs ${booking.price} and has ${paid} paid.`,
    );
  }
  const now = app.clock.now();
  const id = await insertPayment(trx, {
    business_id: businessId,
    booking_id: booking.id,
    kind: 'payment',
    refund_of: null,
    amount: input.amount,
    currency: booking.currency,
    method: input.method,
    note: input.note?.trim() ?? '',
    created_at: now,
  });
  const received = { bookingId: booking.id, amount: input.amount, currency: booking.currency, method: input.method };
  await recordAudit(trx, { businessId, action: 'payment.received', target: { kind: 'payment', id }, after: received });
  await app.outbox.emitEvent(trx, businessId, 'payment.received', {
    paymentId: id,
    bookingId: booking.id,
    clientId: booking.client_id,
    amount: input.amount,
    currency: booking.currency,
    method: input.method,
    note: input.note?.trim() ?? '',
    bookingPaidTotal: paid + input.amount,
    bookingPrice: booking.price,
    createdAt: toIso(now),
  });
  return toPaymentJson((await findPayment(trx, businessId, id))!);
}

/** Pays (part of) a payment back (payment.refunded); never more than is left of it. */
export async function refundPayment(trx: Tx, app: Deps, businessId: number, paymentId: number, input: RefundInput) {
  const payment = await findPayment(trx, businessId, paymentId);
  if (payment?.kind !== 'payment') throw errors.notFound('Payment');
  await lockPaymentsOf(trx, payment.booking_id);
  const refunded = await refundedOf(trx, paymentId);
  const left = payment.amount - refunded;
  if (input.amount > left) {
    throw errors.refundExceedsPayment(
      `At most ${left} can be refunded of this payment (${payment.amount} paid, ${refunded} refunded already).`,
      { refundable: left, paid: payment.amount, refunded, currency: payment.currency },
    );
  }
  const booking = (await findBookingView(trx, businessId, payment.booking_id))!;
  const now = app.clock.now();
  const id = await insertPayment(trx, {
    business_id: businessId,
    booking_id: payment.booking_id,
    kind: 'refund',
    refund_of: paymentId,
    amount: input.amount,
    currency: payment.currency,
    method: payment.method,
    note: input.reason?.trim() ?? '',
    created_at: now,
  });
  const refund = { paymentId, bookingId: payment.booking_id, amount: input.amount, reason: input.reason?.trim() ?? '' };
  await recordAudit(trx, { businessId, action: 'payment.refunded', target: { kind: 'payment', id }, after: refund });
  await app.outbox.emitEvent(trx, businessId, 'payment.refunded', {
    refundId: id,
    paymentId,
    bookingId: payment.booking_id,
    clientId: booking.client_id,
    amount: input.amount,
    currency: payment.currency,
    reason: input.reason?.trim() ?? '',
    paymentRefundedTotal: refunded + input.amount,
    bookingPaidTotal: await netPaidForBooking(trx, payment.booking_id),
    createdAt: toIso(now),
  });
  return toPaymentJson((await findPayment(trx, businessId, id))!);
}
