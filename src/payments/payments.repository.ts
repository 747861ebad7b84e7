import type { Insertable } from 'kysely';
import { lockNamed } from '../db/locks.ts';
import type { Db, Tx } from '../db/transaction.ts';
import type { PaymentRow, PaymentsTable } from '../db/tables.ts';

export async function insertPayment(tx: Tx, row: Insertable<PaymentsTable>): Promise<number> {
  const { id } = await tx.insertInto('payments').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findPayment(db: Db | Tx, businessId: number, id: number): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).where('business_id', '=', businessId).executeTakeFirst();
}

/**
 * Holds a booking's payments and refunds until the caller's transaction ends, so a simultaneous
 * payment or refund of it on any server waits and then counts this one (the limits on both are
 * sums).
 */
export async function lockPaymentsOf(trx: Tx, bookingId: number): Promise<void> {
  await lockNamed(trx, `payments of booking ${bookingId}`);
}

/** Refunded so far of one payment. */
export async function refundedOf(db: Db | Tx, paymentId: number): Promise<number> {
  const { total } = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.val(0)).as('total'))
    .where('refund_of', '=', paymentId)
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** Paid for a booking in all, refunds subtracted. */
export async function netPaidForBooking(db: Db | Tx, bookingId: number): Promise<number> {
  const rows = await db.selectFrom('payments').select(['kind', 'amount']).where('booking_id', '=', bookingId).execute();
  return rows.reduce((sum, row) => sum + (row.kind === 'payment' ? row.amount : -row.amount), 0);
}

function paymentQuery(db: Db, businessId: number, bookingId?: number) {
  let query = db.selectFrom('payments').where('business_id', '=', businessId);
  if (bookingId !== undefined) query = query.where('booking_id', '=', bookingId);
  return query;
}

export async function pagePayments(db: Db, businessId: number, offset: number, limit: number, bookingId?: number) {
  return paymentQuery(db, businessId, bookingId).selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countPayments(db: Db, businessId: number, bookingId?: number): Promise<number> {
  const { count } = await paymentQuery(db, businessId, bookingId)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}
