import { CompiledQuery } from 'kysely';
import type { Tx } from '../../db/transaction.ts';
import { batchReturningId, sendHeldEvents, type HeldId } from '../../db/write-batch.ts';
import { execute, prepared } from '../../db/prepared.ts';
import { insertEventWithDeliveries as inOneStatement, type QueuedDelivery } from '../../db/queue.ts';

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

// SQLite's statements for an event's deliveries (PostgreSQL's one statement is in src/db/queue.ts).
// The delivery is written only if its webhook is still there: the INSERT reads the webhook's row
// itself, so no statement looks for the webhooks first. SQLite has one writer at a time (BEGIN
// IMMEDIATE), so nothing deletes the webhook between this and the commit.
const DELIVERY_IF_LIVE = `insert into "deliveries" ("delivery_id", "webhook_id", "event_id", "event", "body", "created_at")
select ?, "id", ?, ?, ?, ? from "webhooks" where "id" = ? returning "id"`;
// The first attempt; its id is not needed, so nothing is returned.
const FIRST_ATTEMPT = `insert into "delivery_attempts" ("delivery_pk", "webhook_id", "attempt_number", "status", "trigger", "due_at", "created_at", "updated_at")
values (?, ?, 1, 'pending', 'event', ?, ?, ?)`;

/**
 * The event and, for each of `deliveries` whose webhook still exists, its delivery and first
 * attempt (due at `dueAt`). The webhooks are locked until the commit, so a delete of one waits or
 * has already left it out: every delivery written keeps its foreign keys. PostgreSQL does it in one
 * statement (src/db/queue.ts); SQLite in two statements per delivery and one for the event.
 * `dataText` is JSON.stringify(data). Answers the event's id and the webhooks queued.
 */
export async function insertEventWithDeliveries(
  trx: Tx,
  businessId: number,
  event: string,
  data: unknown,
  dataText: string,
  now: number,
  dueAt: number,
  deliveries: readonly QueuedDelivery[],
): Promise<{ eventId: number; queued: ReadonlySet<number> }> {
  // Events held for a batched statement (src/db/write-batch.ts) are written first: ids in order.
  await sendHeldEvents(trx);
  const bookingId = bookingOf(data);
  const together = await inOneStatement(trx, { businessId, name: event, data: dataText, bookingId, now, dueAt }, deliveries);
  if (together) return together;
  const eventId = (await insert(trx, { businessId, event, data: dataText, bookingId, now })).rows[0]!.id;
  const queued = new Set<number>();
  for (const { webhookId, deliveryId, body } of deliveries) {
    const { rows } = await execute<{ id: number }>(
      trx,
      CompiledQuery.raw(DELIVERY_IF_LIVE, [deliveryId, eventId, event, body, now, webhookId]),
    );
    if (rows.length === 0) continue;
    await execute(trx, CompiledQuery.raw(FIRST_ATTEMPT, [rows[0]!.id, webhookId, dueAt, now, now]));
    queued.add(webhookId);
  }
  return { eventId, queued };
}
