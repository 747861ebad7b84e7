import { sql } from 'kysely';
import type { Tx } from '../../db/transaction.ts';
import type { Decided } from '../attempt.ts';
import { bigint, inJsonIds, jsonRows } from '../../db/dialect.ts';
import { prepared } from '../../db/prepared.ts';
import { finishBatch as inOneStatement, readForRecord as readInOne } from '../../db/queue.ts';
import { loadWebhookHealth, type WebhookHealth } from './webhook-health.ts';

// Built once: run on every pass of the engine that has results.
const pendingOf = prepared<{ ids: string }, { id: number }>((qb, p) =>
  qb
    .selectFrom('delivery_attempts')
    .select('id')
    .where(inJsonIds(qb, 'id', p.ids))
    .where('status', '=', sql.lit('pending')),
);

/** Which of these attempts are still pending (not cancelled meanwhile, their webhook not deleted). */
export async function stillPending(trx: Tx, attemptIds: readonly number[]): Promise<Set<number>> {
  if (attemptIds.length === 0) return new Set();
  const { rows } = await pendingOf(trx, { ids: JSON.stringify(attemptIds) });
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

/**
 * Before a batch is recorded: the webhooks' health, locked in id order until the transaction ends,
 * and which of the attempts are still pending. One statement on PostgreSQL (src/db/queue.ts).
 */
export async function readForRecord(
  trx: Tx,
  webhookIds: readonly number[],
  attemptIds: readonly number[],
): Promise<{ health: Map<number, WebhookHealth>; pending: Set<number> }> {
  const together = await readInOne(trx, webhookIds, attemptIds);
  if (together) return together;
  const pending = await stillPending(trx, attemptIds);
  return { pending, health: await loadWebhookHealth(trx, webhookIds) };
}

/**
 * PostgreSQL: the batch's results, the retries of those still pending and `lastTriggered`'s times
 * in one statement; false on SQLite, whose caller writes them one statement each.
 */
export async function finishBatch(
  trx: Tx,
  decided: readonly Decided[],
  lastTriggered: ReadonlyArray<readonly [webhookId: number, at: number | null]>,
  now: number,
): Promise<boolean> {
  if (decided.length === 0 && lastTriggered.length === 0) return false;
  const rows = decided.map(({ dispatched: d, status, errorMessage, nextDueAt }) => {
    const sent = d.kind === 'sent';
    return {
      attemptId: d.attempt.attemptId,
      status,
      sentAt: sent ? d.sentAt : null,
      statusCode: sent ? d.statusCode : null,
      responseTimeMs: sent ? d.responseTimeMs : null,
      errorMessage,
      responseExcerpt: sent ? d.responseExcerpt : null,
      nextDueAt: nextDueAt ?? null,
    };
  });
  return (await inOneStatement(trx, rows, lastTriggered, now)) !== undefined;
}
