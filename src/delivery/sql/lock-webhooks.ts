import { inJsonIds, lockingRows } from '../../db/dialect.ts';
import { prepared } from '../../db/prepared.ts';
import type { Tx } from '../../db/transaction.ts';

/** One statement text for any number of webhooks (the ids come as one JSON array), built once. */
const lock = prepared<{ ids: string }, { id: number }>((qb, p) =>
  lockingRows(
    qb,
    qb
      .selectFrom('webhooks')
      .select('id')
      .where(inJsonIds(qb, 'id', p.ids))
      .orderBy('id'),
    'no key update',
  ),
);

/**
 * Locks those of `ids` that still exist until the caller's transaction ends, in id order, and
 * returns them: deliveries and attempts written for them afterwards keep their foreign keys, since
 * a delete of one of them now waits for this transaction. On PostgreSQL a delete committed between
 * reading a webhook and writing its delivery broke deliveries_webhook_id_fkey (a 500). FOR NO KEY
 * UPDATE is what an attempt's insert takes anyway (its trigger counts it on the webhook's row).
 * Run for every event a webhook hears: built with Kysely on each call it cost about as much as
 * writing the event itself.
 */
export async function lockWebhooks(trx: Tx, ids: readonly number[]): Promise<ReadonlySet<number>> {
  if (ids.length === 0) return new Set();
  const { rows } = await lock(trx, { ids: JSON.stringify(ids) });
  return new Set(rows.map((row) => row.id));
}
