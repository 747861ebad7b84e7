import { sql } from 'kysely';
import type { Tx } from '../../db/transaction.ts';

/** Makes a business's waiting messages due now (its mail settings changed: they may work at last). */
export async function makeWaitingDue(trx: Tx, businessId: number, now: number): Promise<number> {
  const result = await trx
    .updateTable('mail_messages')
    .set({ due_at: now })
    .where('business_id', '=', businessId)
    .where('status', '=', sql.lit('pending'))
    .where('due_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
