import type { Tx } from '../../db/transaction.ts';

/**
 * Ends the scheduled attempts of a switched-off webhook as `failed` with `reason`. Attempts in
 * flight are left to finish; their results are recorded, and no retry follows them.
 */
export async function cancelPendingAttempts(trx: Tx, webhookId: number, reason: string, now: number): Promise<number> {
  const result = await trx
    .updateTable('delivery_attempts')
    .set({ status: 'failed', error_message: reason, updated_at: now })
    .where('webhook_id', '=', webhookId)
    .where('status', '=', 'pending')
    .where('lease_until', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
