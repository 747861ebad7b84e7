import { sql } from 'kysely';
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
  webhookStatus: WebhookStatus;
  keyStatus: 'active' | 'revoked';
  keyExpiresAt: number | null;
}

/** How many attempts each webhook may have in flight, and how many it has now. */
export interface WebhookShares {
  perWebhook: number;
  inFlight: ReadonlyMap<number, number>;
}

/**
 * Leases up to `limit` due attempts, oldest first, in the caller's transaction. An attempt whose
 * lease ran out (its worker died mid-send) is due again. With `shares`, no webhook gets more than
 * its share in flight, counting what it already has: due attempts beyond a webhook's room are
 * passed over and the next pass looks past that webhook, so one slow receiver with a backlog
 * cannot take every slot, even when the whole backlog comes due in one burst. Each pass either
 * fills the limit, runs out of due attempts, or finds one more webhook full, so passes are few.
 */
export async function claimDueAttempts(
  trx: Tx,
  now: number,
  limit: number,
  leaseMs: number,
  shares?: WebhookShares,
): Promise<ClaimedAttempt[]> {
  const room = new Map<number, number>();
  const roomOf = (webhookId: number) =>
    room.get(webhookId) ?? (shares ? shares.perWebhook - (shares.inFlight.get(webhookId) ?? 0) : Infinity);
  const full = shares ? [...shares.inFlight.keys()].filter((id) => roomOf(id) <= 0) : [];
  const leased: number[] = [];
  while (leased.length < limit) {
    const wanted = limit - leased.length;
    const due = await trx
      .selectFrom('delivery_attempts')
      .select(['id', 'webhook_id'])
      // A literal, so SQLite can use the partial index on pending rows.
      .where('status', '=', sql.lit('pending'))
      .where('due_at', '<=', now)
      .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', now)]))
      .$if(full.length > 0, (q) => q.where('webhook_id', 'not in', full))
      // Taken by an earlier pass (its lease may end at `now` when leaseMs is 0).
      .$if(leased.length > 0, (q) => q.where('id', 'not in', leased))
      .orderBy('due_at')
      .limit(wanted)
      .execute();
    const taken: number[] = [];
    for (const row of due) {
      const left = roomOf(row.webhook_id);
      if (left <= 0) continue;
      taken.push(row.id);
      room.set(row.webhook_id, left - 1);
      if (left === 1) full.push(row.webhook_id);
    }
    if (taken.length > 0) {
      await trx
        .updateTable('delivery_attempts')
        .set({ lease_until: now + leaseMs, updated_at: now })
        .where('id', 'in', taken)
        .execute();
      leased.push(...taken);
    }
    if (due.length < wanted || taken.length === due.length) break;
  }
  if (leased.length === 0) return [];
  return trx
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
      'w.status as webhookStatus',
      'k.status as keyStatus',
      'k.expires_at as keyExpiresAt',
    ])
    .where('a.id', 'in', leased)
    .execute();
}
