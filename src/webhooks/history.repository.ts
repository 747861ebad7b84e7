import type { Db, Tx } from '../db/transaction.ts';
import type { AttemptStatus } from '../db/tables.ts';

export interface HistoryFilter {
  webhookId: number;
  status?: AttemptStatus;
  deliveryId?: string;
}

function historyQuery(db: Db, filter: HistoryFilter) {
  let query = db
    .selectFrom('delivery_attempts as a')
    .innerJoin('deliveries as d', 'd.id', 'a.delivery_pk')
    .where('a.webhook_id', '=', filter.webhookId);
  if (filter.status) query = query.where('a.status', '=', filter.status);
  if (filter.deliveryId) query = query.where('d.delivery_id', '=', filter.deliveryId);
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
  if (!filter.status && !filter.deliveryId) {
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

/** Number and status of every attempt of one delivery. */
export async function attemptsOfDelivery(db: Db | Tx, deliveryPk: number) {
  return db.selectFrom('delivery_attempts').select(['attempt_number', 'status']).where('delivery_pk', '=', deliveryPk).execute();
}
