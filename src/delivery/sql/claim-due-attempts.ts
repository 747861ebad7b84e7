import { sql } from 'kysely';
import { prepared } from '../../db/prepared.ts';
import { inJsonIds, lockingRows } from '../../db/dialect.ts';
import { claimDue } from '../../db/queue.ts';
import type { Tx } from '../../db/transaction.ts';
import type { AttemptTrigger, WebhookStatus } from '../../db/tables.ts';

/** A claimed attempt with everything needed to send it. */
export interface ClaimedAttempt {
  attemptId: number;
  deliveryPk: number;
  webhookId: number;
  attemptNumber: number;
  trigger: AttemptTrigger;
  deliveryId: string;
  event: string;
  body: string;
  targetUrl: string;
  secret: string;
  /** `webhooks.previous_secrets`: a rotation's secrets still signing during its grace period. */
  previousSecrets: string | null;
  /** `webhooks.custom_headers`: sealed JSON of the headers sent with every delivery. */
  customHeaders: string | null;
  webhookStatus: WebhookStatus;
  keyStatus: 'active' | 'revoked';
  keyExpiresAt: number | null;
}

/** How many attempts each webhook may have in flight, and how many it has now. */
export interface WebhookShares {
  perWebhook: number;
  inFlight: ReadonlyMap<number, number>;
}

const webhookIds = prepared<Record<string, never>, { id: number }>((qb) => qb.selectFrom('webhooks').select('id').orderBy('id'));

/**
 * The due attempts of one webhook, oldest first: a seek in the (webhook_id, due_at) index of pending rows.
 * On PostgreSQL the rows are locked, and rows another instance is claiming right now are passed
 * by (FOR UPDATE SKIP LOCKED): several instances claim from one queue without waiting for each
 * other and without claiming the same attempt twice. SQLite has one writer at a time.
 */
const dueOfWebhook = prepared<{ webhookId: number; now: number; limit: number }, { id: number; due_at: number }>((qb, p) => {
  const query = qb
    .selectFrom('delivery_attempts')
    .select(['id', 'due_at'])
    .where('webhook_id', '=', p.webhookId)
    // A literal, so SQLite can use the partial index on pending rows.
    .where('status', '=', sql.lit('pending'))
    .where('due_at', '<=', p.now)
    .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', p.now)]))
    .orderBy('due_at')
    .limit(p.limit);
  return lockingRows(qb, query, 'skip locked');
});

const lease = prepared<{ ids: string; leaseUntil: number }>((qb, p) =>
  // updated_at stays: it means "finished at" to the stats, and an index follows it.
  qb
    .updateTable('delivery_attempts')
    .set({ lease_until: p.leaseUntil })
    .where(inJsonIds(qb, 'id', p.ids)),
);

const details = prepared<{ ids: string }, ClaimedAttempt>((qb, p) =>
  qb
    .selectFrom('delivery_attempts as a')
    .innerJoin('deliveries as d', 'd.id', 'a.delivery_pk')
    .innerJoin('webhooks as w', 'w.id', 'a.webhook_id')
    .innerJoin('api_keys as k', 'k.id', 'w.api_key_id')
    .select([
      'a.id as attemptId',
      'a.delivery_pk as deliveryPk',
      'a.webhook_id as webhookId',
      'a.attempt_number as attemptNumber',
      'a.trigger as trigger',
      'd.delivery_id as deliveryId',
      'd.event as event',
      'd.body as body',
      'w.target_url as targetUrl',
      'w.secret as secret',
      'w.previous_secrets as previousSecrets',
      'w.custom_headers as customHeaders',
      'w.status as webhookStatus',
      'k.status as keyStatus',
      'k.expires_at as keyExpiresAt',
    ])
    .where(inJsonIds(qb, 'a.id', p.ids)),
);

/**
 * Leases up to `limit` due attempts, oldest first, in the caller's transaction. An attempt whose
 * lease ran out (its worker died mid-send) is due again.
 *
 * No webhook gets more than its share in flight, counting what it already has, so one slow
 * receiver with a backlog cannot take every slot, even when its whole backlog comes due at once.
 * Each webhook with room is asked for at most its room through an index on (webhook_id, due_at)
 * of pending rows, so the claim never scans past one webhook's queue to find another's: its cost
 * is a seek per webhook (a salon has a handful), whatever the backlog. PostgreSQL does all of it
 * in one statement (src/db/queue.ts), SQLite in a statement per webhook and two more.
 */
export async function claimDueAttempts(
  trx: Tx,
  now: number,
  limit: number,
  leaseMs: number,
  shares?: WebhookShares,
): Promise<ClaimedAttempt[]> {
  const inOne = await claimDue(trx, {
    now,
    limit,
    leaseUntil: now + leaseMs,
    perWebhook: shares?.perWebhook ?? limit,
    inFlight: shares?.inFlight ?? new Map(),
  });
  if (inOne) return inOne as ClaimedAttempt[];
  const candidates: Array<{ id: number; due_at: number }> = [];
  for (const { id: webhookId } of (await webhookIds(trx, {})).rows) {
    const room = Math.min(limit, shares ? shares.perWebhook - (shares.inFlight.get(webhookId) ?? 0) : limit);
    if (room <= 0) continue;
    candidates.push(...(await dueOfWebhook(trx, { webhookId, now, limit: room })).rows);
  }
  if (candidates.length === 0) return [];
  const ids = JSON.stringify(
    candidates
      .sort((a, b) => a.due_at - b.due_at || a.id - b.id)
      .slice(0, limit)
      .map((c) => c.id),
  );
  await lease(trx, { ids, leaseUntil: now + leaseMs });
  return (await details(trx, { ids })).rows;
}

/** Leases one attempt by id, due or not (a ping the request sends itself); undefined if it is gone. */
export async function claimAttempt(trx: Tx, attemptId: number, now: number, leaseMs: number): Promise<ClaimedAttempt | undefined> {
  const ids = JSON.stringify([attemptId]);
  await lease(trx, { ids, leaseUntil: now + leaseMs });
  return (await details(trx, { ids })).rows[0];
}
