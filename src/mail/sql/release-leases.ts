import type { Db } from '../../db/transaction.ts';

/**
 * Makes every leased message due again at once. Only safe when no other worker can hold a lease
 * (the data dir's instance lock, on SQLite): a message that was on the wire when the process died
 * is sent again, the one case in which a client gets a message twice.
 */
export async function releaseMailLeases(db: Db): Promise<number> {
  const result = await db
    .updateTable('mail_messages')
    .set({ lease_until: null })
    .where('status', '=', 'pending')
    .where('lease_until', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
