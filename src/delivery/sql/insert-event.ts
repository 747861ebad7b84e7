import type { Tx } from '../../db/transaction.ts';
import { batchReturningId, type HeldId } from '../../db/write-batch.ts';
import { prepared } from '../../db/prepared.ts';
import { insertEventWithDeliveries as inOneStatement, type QueuedDelivery } from '../../db/queue.ts';
import { insertAttempt } from './insert-attempt.ts';
import { insertDelivery } from './insert-delivery.ts';
import { lockWebhooks } from './lock-webhooks.ts';

const insert = prepared<{ businessId: number; event: string; data: string; bookingId: number | null; now: number }, { id: number }>(
  (qb, p) =>
    qb
      .insertInto('events')
      .values({ business_id: p.businessId, event: p.event, data: p.data, booking_id: p.bookingId, created_at: p.now })
      .returning('id'),
  'insert_event',
);

/** The booking an event is about: booking.*, payment.* and review.created carry `bookingId`. */
function bookingOf(data: unknown): number | null {
  const id = (data as { bookingId?: unknown } | null)?.bookingId;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/**
 * The outbox's record of what happened, whether or not any webhook hears it. Inside an open
 * inOneStatement (a booking's writes, src/db/write-batch.ts) it is held for the batched statement,
 * and its id is a HeldId: good only as a value of the batch's later writes (its message's event).
 */
export async function insertEvent(trx: Tx, businessId: number, event: string, data: unknown, now: number): Promise<number | HeldId> {
  const query = insert.compile(trx, { businessId, event, data: JSON.stringify(data), bookingId: bookingOf(data), now });
  const heldId = batchReturningId(trx, query);
  if (heldId) return heldId;
  const { rows } = await trx.executeQuery(query);
  return rows[0]!.id;
}

/**
 * The event and, for each of `deliveries` whose webhook still exists, its delivery and first
 * attempt (due at `dueAt`). The webhooks are locked until the commit, so a delete of one waits or
 * has already left it out: every delivery written keeps its foreign keys. PostgreSQL does it in one
 * statement (src/db/queue.ts); SQLite in one statement per row. Answers the event's id and the
 * webhooks queued.
 */
export async function insertEventWithDeliveries(
  trx: Tx,
  businessId: number,
  event: string,
  data: unknown,
  now: number,
  dueAt: number,
  deliveries: readonly QueuedDelivery[],
): Promise<{ eventId: number; queued: ReadonlySet<number> }> {
  const text = JSON.stringify(data);
  const together = await inOneStatement(trx, { businessId, name: event, data: text, bookingId: bookingOf(data), now, dueAt }, deliveries);
  if (together) return together;
  const eventId = (await insert(trx, { businessId, event, data: text, bookingId: bookingOf(data), now })).rows[0]!.id;
  const queued = await lockWebhooks(
    trx,
    deliveries.map((d) => d.webhookId),
  );
  for (const { webhookId, deliveryId, body } of deliveries) {
    if (!queued.has(webhookId)) continue;
    const deliveryPk = await insertDelivery(trx, { deliveryId, webhookId, eventId, event, body }, now);
    await insertAttempt(trx, { deliveryPk, webhookId, attemptNumber: 1, trigger: 'event', dueAt }, now);
  }
  return { eventId, queued };
}
