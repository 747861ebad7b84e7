import { sql } from 'kysely';
import type { Db } from '../db/transaction.ts';

/** One webhook's deliveries that finished since `since`, pings left out (tests, not deliveries). */
function finishedSince(db: Db, webhookId: number, since: number) {
  return (
    db
      .selectFrom('delivery_attempts')
      .where('webhook_id', '=', webhookId)
      // A literal, so SQLite can use the partial index on finished rows.
      .where('status', '!=', sql.lit('pending'))
      .where('updated_at', '>=', since)
      .where('trigger', '!=', 'ping')
  );
}

/** Finished attempts by outcome, and how many of them got an answer (a status code). */
export async function outcomesSince(db: Db, webhookId: number, since: number) {
  const rows = await finishedSince(db, webhookId, since)
    .select(['status', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.count<number>('response_status_code').as('answered')])
    .groupBy('status')
    .execute();
  const counts = { success: 0, retrying: 0, failed: 0, answered: 0 };
  for (const row of rows) {
    counts[row.status as 'success' | 'retrying' | 'failed'] = Number(row.count);
    counts.answered += Number(row.answered);
  }
  return counts;
}

/** The receiver's answer time at `rank` (1 = fastest) among the answered attempts finished since `since`. */
export async function answerTimeAtRank(db: Db, webhookId: number, since: number, rank: number): Promise<number | null> {
  const row = await finishedSince(db, webhookId, since)
    .select('response_time_ms')
    .where('response_status_code', 'is not', null)
    .orderBy('response_time_ms')
    .offset(rank - 1)
    .limit(1)
    .executeTakeFirst();
  return row?.response_time_ms ?? null;
}
