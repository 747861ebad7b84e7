import { sql } from 'kysely';
import type { Db } from '../../db/transaction.ts';

const HOUR_MS = 3_600_000;

/**
 * Attempts waiting: due now (or overdue), scheduled for later, and leased (in flight), each
 * counted once. Only a lease that has not run out is in flight: one that ran out (its instance
 * died mid-send, on PostgreSQL) is due again for any instance to claim, and counted as due.
 */
export async function queueDepth(db: Db, now: number): Promise<{ due: number; scheduled: number; leased: number }> {
  const leased = sql`lease_until > ${now}`;
  const row = await db
    .selectFrom('delivery_attempts')
    .select((eb) => [
      eb.fn.sum<number>(sql`case when ${leased} then 0 when due_at <= ${now} then 1 else 0 end`).as('due'),
      eb.fn.sum<number>(sql`case when ${leased} then 0 when due_at > ${now} then 1 else 0 end`).as('scheduled'),
      eb.fn.sum<number>(sql`case when ${leased} then 1 else 0 end`).as('leased'),
    ])
    .where('status', '=', sql.lit('pending'))
    .executeTakeFirstOrThrow();
  return { due: Number(row.due ?? 0), scheduled: Number(row.scheduled ?? 0), leased: Number(row.leased ?? 0) };
}

/** Finished attempts per hour and outcome since `from` (hours are Unix ms at the top of the hour). */
export async function attemptsPerHour(db: Db, from: number) {
  const rows = await db
    .selectFrom('delivery_attempts')
    .select((eb) => [
      // Literals, not parameters: better-sqlite3 binds a JS number as REAL, which would make this
      // a float division that never lands on the hour.
      sql<number>`(updated_at / ${sql.lit(HOUR_MS)}) * ${sql.lit(HOUR_MS)}`.as('hour'),
      'status',
      eb.fn.countAll<number>().as('count'),
    ])
    .where('updated_at', '>=', from)
    // A literal, so SQLite can use the partial index on finished rows.
    .where('status', '!=', sql.lit('pending'))
    .groupBy(['hour', 'status'])
    .execute();
  return rows.map((r) => ({ hour: Number(r.hour), status: r.status, count: Number(r.count) }));
}

/** The latest failed or retried attempts across all webhooks. */
export async function recentFailures(db: Db, limit: number, businessId?: number) {
  let query = db
    .selectFrom('delivery_attempts as a')
    .innerJoin('deliveries as d', 'd.id', 'a.delivery_pk')
    .innerJoin('webhooks as w', 'w.id', 'a.webhook_id')
    .select([
      'a.id',
      'a.webhook_id',
      'w.business_id',
      'w.target_url',
      'd.event',
      'd.delivery_id',
      'a.attempt_number',
      'a.status',
      'a.response_status_code',
      'a.error_message',
      'a.updated_at',
    ])
    // The index's own condition, stated as a literal, lets SQLite use the partial index.
    .where('a.status', '!=', sql.lit('pending'))
    .where('a.status', 'in', ['failed', 'retrying'])
    .orderBy('a.updated_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit);
  if (businessId !== undefined) query = query.where('w.business_id', '=', businessId);
  return query.execute();
}

/** Webhooks by status, with how many attempts each has waiting. */
export async function webhookHealthSummary(db: Db) {
  const rows = await db
    .selectFrom('webhooks')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.count)])) as Partial<Record<'active' | 'failed', number>>;
}

/** Attempts finished since `since`, by outcome. */
export async function finishedSince(db: Db, since: number): Promise<{ success: number; retrying: number; failed: number }> {
  const rows = await db
    .selectFrom('delivery_attempts')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('updated_at', '>=', since)
    .where('status', '!=', sql.lit('pending'))
    .groupBy('status')
    .execute();
  const counts = { success: 0, retrying: 0, failed: 0 };
  for (const row of rows) counts[row.status as keyof typeof counts] = Number(row.count);
  return counts;
}
