import { sql } from 'kysely';
import { lockingRows } from '../db/dialect.ts';
import type { Db, Tx } from '../db/transaction.ts';
import type { WebhookRecoveriesTable } from '../db/tables.ts';
import type { Insertable, Selectable } from 'kysely';

export type RecoveryRow = Selectable<WebhookRecoveriesTable>;

/** What a recovery looks for: a webhook's deliveries that failed in [since, until). */
export interface FailedWindow {
  webhookId: number;
  since: number;
  until: number;
}

/**
 * The deliveries of the window that failed and were not delivered since: an attempt of theirs
 * failed (for good: `failed`, not `retrying`) in the window, and none succeeded or is still
 * waiting. Pings are tests, never resent. By delivery, after `afterPk`, lowest first.
 */
function failedInWindow(db: Db | Tx, window: FailedWindow, afterPk: number) {
  return (
    db
      .selectFrom('delivery_attempts as a')
      .select('a.delivery_pk')
      .distinct()
      .where('a.webhook_id', '=', window.webhookId)
      // The literal lets SQLite use the partial index of one webhook's finished attempts.
      .where('a.status', '!=', sql.lit('pending'))
      .where('a.status', '=', 'failed')
      .where('a.updated_at', '>=', window.since)
      .where('a.updated_at', '<', window.until)
      .where('a.trigger', '!=', 'ping')
      .where('a.delivery_pk', '>', afterPk)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('delivery_attempts as b')
              .select('b.id')
              .whereRef('b.delivery_pk', '=', 'a.delivery_pk')
              .where('b.status', 'in', ['success', 'pending']),
          ),
        ),
      )
  );
}

/** How many deliveries of the window a recovery would send again, counting no further than `limit`. */
export async function countFailedInWindow(db: Db | Tx, window: FailedWindow, limit: number): Promise<number> {
  const { count } = await db
    .selectFrom(failedInWindow(db, window, 0).limit(limit).as('found'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The next `limit` deliveries of the window after `afterPk`, each with its highest attempt number. */
export async function nextFailedInWindow(trx: Tx, window: FailedWindow, afterPk: number, limit: number) {
  const rows = await failedInWindow(trx, window, afterPk).orderBy('a.delivery_pk').limit(limit).execute();
  if (rows.length === 0) return [];
  const numbers = await trx
    .selectFrom('delivery_attempts')
    .select(['delivery_pk', (eb) => eb.fn.max<number>('attempt_number').as('last')])
    .where(
      'delivery_pk',
      'in',
      rows.map((row) => row.delivery_pk),
    )
    .groupBy('delivery_pk')
    .execute();
  const last = new Map(numbers.map((row) => [row.delivery_pk, Number(row.last)]));
  return rows.map((row) => ({ deliveryPk: row.delivery_pk, lastAttemptNumber: last.get(row.delivery_pk) ?? 0 }));
}

export async function insertRecovery(trx: Tx, row: Insertable<WebhookRecoveriesTable>): Promise<RecoveryRow> {
  return trx.insertInto('webhook_recoveries').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findRecovery(db: Db, webhookId: number, id: number): Promise<RecoveryRow | undefined> {
  return db.selectFrom('webhook_recoveries').selectAll().where('id', '=', id).where('webhook_id', '=', webhookId).executeTakeFirst();
}

/**
 * The oldest queued recovery, locked until the transaction ends; on PostgreSQL one another server
 * is working on is passed by, so servers never work on the same one at once.
 */
export async function claimQueuedRecovery(trx: Tx): Promise<RecoveryRow | undefined> {
  const query = trx.selectFrom('webhook_recoveries').selectAll().where('status', '=', 'queued').orderBy('id').limit(1);
  return lockingRows(trx, query, 'skip locked').executeTakeFirst();
}

/** Records a batch's progress: how many were sent again in all, the last delivery looked at, and whether it is done. */
export async function saveRecoveryProgress(
  trx: Tx,
  id: number,
  progress: { requeued: number; lastDeliveryPk: number; finishedAt: number | null },
): Promise<void> {
  await trx
    .updateTable('webhook_recoveries')
    .set({
      requeued: progress.requeued,
      last_delivery_pk: progress.lastDeliveryPk,
      ...(progress.finishedAt === null ? {} : { status: 'done' as const, finished_at: progress.finishedAt }),
    })
    .where('id', '=', id)
    .execute();
}
