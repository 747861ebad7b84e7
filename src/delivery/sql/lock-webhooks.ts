import { lockingRows } from '../../db/dialect.ts';
import type { Tx } from '../../db/transaction.ts';

/**
 * Locks those of `ids` that still exist until the caller's transaction ends, in id order, and
 * returns them: deliveries and attempts written for them afterwards keep their foreign keys, since
 * a delete of one of them now waits for this transaction. On PostgreSQL a delete committed between
 * reading a webhook and writing its delivery broke deliveries_webhook_id_fkey (a 500). FOR NO KEY
 * UPDATE is what an attempt's insert takes anyway (its trigger counts it on the webhook's row).
 */
export async function lockWebhooks(trx: Tx, ids: readonly number[]): Promise<ReadonlySet<number>> {
  if (ids.length === 0) return new Set();
  const query = trx.selectFrom('webhooks').select('id').where('id', 'in', ids).orderBy('id');
  const rows = await lockingRows(trx, query, 'no key update').execute();
  return new Set(rows.map((row) => row.id));
}
