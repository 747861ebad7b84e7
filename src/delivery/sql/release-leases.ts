import type { Db } from '../../db/transaction.ts';

/**
 * Makes every leased attempt due again at once. Only safe when no other worker can hold a lease,
 * which the server's instance lock on the data dir guarantees for SQLite. Attempts that were in
 * flight when the process died are sent again (at-least-once).
 */
export async function releaseAllLeases(db: Db, now: number): Promise<number> {
  const result = await db
    .updateTable('delivery_attempts')
    .set({ lease_until: null, updated_at: now })
    .where('status', '=', 'pending')
    .where('lease_until', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
