import type { Tx } from '../../db/transaction.ts';
import { prepared } from '../../db/prepared.ts';

const insert = prepared<{ businessId: number; event: string; data: string; bookingId: number | null; now: number }, { id: number }>(
  (qb, p) =>
    qb
      .insertInto('events')
      .values({ business_id: p.businessId, event: p.event, data: p.data, booking_id: p.bookingId, created_at: p.now })
      .returning('id'),
);

/** The booking an event is about: booking.*, payment.* and review.created carry `bookingId`. */
function bookingOf(data: unknown): number | null {
  const id = (data as { bookingId?: unknown } | null)?.bookingId;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/** The outbox's record of what happened, whether or not any webhook hears it. */
export async function insertEvent(trx: Tx, businessId: number, event: string, data: unknown, now: number): Promise<number> {
  const { rows } = await insert(trx, { businessId, event, data: JSON.stringify(data), bookingId: bookingOf(data), now });
  return rows[0]!.id;
}
