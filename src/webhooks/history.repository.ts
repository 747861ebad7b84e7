import type { Db, Tx } from '../db/transaction.ts';
import type { AttemptStatus } from '../db/tables.ts';

export interface HistoryFilter {
  webhookId: number;
  status?: AttemptStatus;
  deliveryId?: string;
  event?: string;
  /** Attempts due (scheduledFor: the event's time, or the retry's) at or after, and before, these times (Unix ms). */
  since?: number;
  until?: number;
  /** Attempts of deliveries of events about this booking. */
  bookingId?: number;
}

/** Whether `filter` narrows the history at all (the unfiltered total is a counter, not a count). */
function filtered(filter: HistoryFilter): boolean {
  const { webhookId: _, ...narrowing } = filter;
  return Object.values(narrowing).some((value) => value !== undefined);
}

function historyQuery(db: Db, filter: HistoryFilter) {
  let query = db
    .selectFrom('delivery_attempts as a')
    .innerJoin('deliveries as d', 'd.id', 'a.delivery_pk')
    .where('a.webhook_id', '=', filter.webhookId);
  if (filter.status) query = query.where('a.status', '=', filter.status);
  if (filter.deliveryId) query = query.where('d.delivery_id', '=', filter.deliveryId);
  if (filter.event) query = query.where('d.event', '=', filter.event);
  if (filter.since !== undefined) query = query.where('a.due_at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('a.due_at', '<', filter.until);
  if (filter.bookingId !== undefined) {
    const bookingId = filter.bookingId;
    query = query.where('d.event_id', 'in', (eb) => eb.selectFrom('events').select('id').where('booking_id', '=', bookingId));
  }
  return query;
}

/** One page of a webhook's attempts, newest first. */
export async function pageAttempts(db: Db, filter: HistoryFilter, offset: number, limit: number) {
  return historyQuery(db, filter)
    .select([
      'a.id',
      'a.attempt_number',
      'a.status',
      'a.trigger',
      'a.due_at',
      'a.sent_at',
      'a.response_status_code',
      'a.response_time_ms',
      'a.error_message',
      'a.response_excerpt',
      'a.created_at',
      'a.updated_at',
      'd.delivery_id',
      'd.event',
    ])
    .orderBy('a.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export type HistoryRow = Awaited<ReturnType<typeof pageAttempts>>[number];

/** The unfiltered total comes from the webhook's counter; filtered totals are counted. */
export async function countAttempts(db: Db, filter: HistoryFilter): Promise<number> {
  if (!filtered(filter)) {
    const row = await db.selectFrom('webhooks').select('attempt_count').where('id', '=', filter.webhookId).executeTakeFirst();
    return row?.attempt_count ?? 0;
  }
  const { count } = await historyQuery(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The delivery `deliveryId` of webhook `webhookId` (its row id), if there is one. */
export async function findDeliveryOfWebhook(db: Db | Tx, webhookId: number, deliveryId: string): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('deliveries')
    .select('id')
    .where('delivery_id', '=', deliveryId)
    .where('webhook_id', '=', webhookId)
    .executeTakeFirst();
}

/** One delivery of a webhook, with the booking its event is about. */
export async function deliveryOfWebhook(db: Db, webhookId: number, deliveryId: string) {
  return db
    .selectFrom('deliveries as d')
    .leftJoin('events as e', 'e.id', 'd.event_id')
    .select(['d.id', 'd.delivery_id', 'd.event', 'd.body', 'd.created_at', 'e.booking_id'])
    .where('d.delivery_id', '=', deliveryId)
    .where('d.webhook_id', '=', webhookId)
    .executeTakeFirst();
}

/** Every attempt of one delivery, first first, with its times. */
export async function attemptTimings(db: Db, deliveryPk: number) {
  return db
    .selectFrom('delivery_attempts')
    .select([
      'id',
      'attempt_number',
      'status',
      'trigger',
      'due_at',
      'sent_at',
      'response_status_code',
      'response_time_ms',
      'error_message',
      'response_excerpt',
      'created_at',
      'updated_at',
    ])
    .where('delivery_pk', '=', deliveryPk)
    .orderBy('id')
    .execute();
}

/** Number and status of every attempt of one delivery. */
export async function attemptsOfDelivery(db: Db | Tx, deliveryPk: number) {
  return db.selectFrom('delivery_attempts').select(['attempt_number', 'status']).where('delivery_pk', '=', deliveryPk).execute();
}
