import { sql } from 'kysely';
import type { Tx } from '../../db/transaction.ts';
import type { Decided } from '../attempt.ts';
import { isPostgres, jsonIds } from '../../db/dialect.ts';

/** Which of these attempts are still pending (not cancelled meanwhile, their webhook not deleted). */
export async function stillPending(trx: Tx, attemptIds: readonly number[]): Promise<Set<number>> {
  if (attemptIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom('delivery_attempts')
    .select('id')
    .where('id', 'in', jsonIds(trx, JSON.stringify(attemptIds)))
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
  if (isPostgres(trx)) {
    await sql`
      update delivery_attempts as a set
        status = r.value ->> 1,
        sent_at = (r.value ->> 2)::bigint,
        response_status_code = (r.value ->> 3)::bigint,
        response_time_ms = round((r.value ->> 4)::numeric)::bigint,
        error_message = r.value ->> 5,
        response_excerpt = r.value ->> 6,
        lease_until = null,
        updated_at = ${now}::bigint
      from json_array_elements(${JSON.stringify(rows)}::json) as r (value)
      where a.id = (r.value ->> 0)::bigint and a.status = 'pending'`.execute(trx);
    return;
  }
  await sql`
    update delivery_attempts as a set
      status = r.value ->> 1,
      sent_at = r.value ->> 2,
      response_status_code = r.value ->> 3,
      response_time_ms = r.value ->> 4,
      error_message = r.value ->> 5,
      response_excerpt = r.value ->> 6,
      lease_until = null,
      updated_at = ${now}
    from json_each(${JSON.stringify(rows)}) as r
    where a.id = r.value ->> 0 and a.status = 'pending'`.execute(trx);
}
