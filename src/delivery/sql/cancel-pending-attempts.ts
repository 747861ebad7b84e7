import type { Tx } from '../../db/transaction.ts';

/**
 * Ends the scheduled attempts of a switched-off webhook as `failed` with `reason`, those whose
 * lease ran out too (their instance died mid-send, on PostgreSQL: they are due again, as the claim
 * and the status page say). Attempts in flight (a lease that has not run out) are left to finish;
 * their results are recorded, and no retry follows them. The result of a cancelled one that comes
 * in late (its instance was slow, not dead) is dropped: only pending attempts are recorded.
 */
export async function cancelPendingAttempts(trx: Tx, webhookId: number, reason: string, now: number): Promise<number> {
  const result = await trx
    .updateTable('delivery_attempts')
    .set({ status: 'failed', error_message: reason, lease_until: null, updated_at: now })
    .where('webhook_id', '=', webhookId)
    .where('status', '=', 'pending')
    .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
