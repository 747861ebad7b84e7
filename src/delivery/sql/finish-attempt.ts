import { sql } from 'kysely';
import type { Tx } from '../../db/transaction.ts';
import type { Decided } from '../attempt.ts';
import { bigint, inJsonIds, jsonRows } from '../../db/dialect.ts';

/** Which of these attempts are still pending (not cancelled meanwhile, their webhook not deleted). */
export async function stillPending(trx: Tx, attemptIds: readonly number[]): Promise<Set<number>> {
  if (attemptIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom('delivery_attempts')
    .select('id')
    .where(inJsonIds(trx, 'id', JSON.stringify(attemptIds)))
    .where('status', '=', sql.lit('pending'))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Writes the results of a batch of attempts in one statement (the rows come in as one JSON array,
 * so the statement text never changes and stays prepared). Only attempts still pending change.
 */
export async function finishAttempts(trx: Tx, decided: readonly Decided[], now: number): Promise<void> {
  if (decided.length === 0) return;
  const rows = decided.map(({ dispatched: d, status, errorMessage }) => {
    const sent = d.kind === 'sent';
    return [
      d.attempt.attemptId,
      status,
      sent ? d.sentAt : null,
      sent ? d.statusCode : null,
      sent ? d.responseTimeMs : null,
      errorMessage,
      sent ? d.responseExcerpt : null,
    ];
  });
  const r = jsonRows(trx, JSON.stringify(rows));
  await sql`
    update delivery_attempts as a set
      status = ${r.text(1)},
      sent_at = ${r.wholeNumber(2)},
      response_status_code = ${r.wholeNumber(3)},
      response_time_ms = ${r.rounded(4)},
      error_message = ${r.text(5)},
      response_excerpt = ${r.text(6)},
      lease_until = null,
      updated_at = ${bigint(trx, now)}
    from ${r.table}
    where a.id = ${r.wholeNumber(0)} and a.status = 'pending'`.execute(trx);
}
