import type { Tx } from '../../db/transaction.ts';
import type { AttemptStatus } from '../../db/tables.ts';

export interface AttemptResult {
  status: Exclude<AttemptStatus, 'pending'>;
  sentAt: number | null;
  responseStatusCode: number | null;
  responseTimeMs: number | null;
  errorMessage: string | null;
  responseExcerpt: string | null;
}

/**
 * Writes the result of an attempt that is still pending. Returns false when it is not (cancelled
 * while in flight, or its webhook deleted), so the caller drops the result.
 */
export async function finishAttempt(trx: Tx, attemptId: number, result: AttemptResult, now: number): Promise<boolean> {
  const updated = await trx
    .updateTable('delivery_attempts')
    .set({
      status: result.status,
      sent_at: result.sentAt,
      response_status_code: result.responseStatusCode,
      response_time_ms: result.responseTimeMs,
      error_message: result.errorMessage,
      response_excerpt: result.responseExcerpt,
      lease_until: null,
      updated_at: now,
    })
    .where('id', '=', attemptId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
