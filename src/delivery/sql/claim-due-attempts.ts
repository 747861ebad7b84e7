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

/**
 * Leases up to `limit` due attempts in one atomic UPDATE … RETURNING. An attempt whose lease ran
 * out (its worker died mid-send) is due again. Webhooks in `busy` already have their share of
 * connections in flight and are skipped, so one slow receiver cannot take every slot.
 */
export async function claimDueAttempts(
  trx: Tx,
  now: number,
  limit: number,
  leaseMs: number,
  busy: readonly number[],
): Promise<ClaimedAttempt[]> {
  const leased = await trx
    .updateTable('delivery_attempts')
    // updated_at stays: it means "finished at" to the stats, and an index follows it.
    .set({ lease_until: now + leaseMs })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('delivery_attempts')
        .select('id')
        // A literal, so SQLite can use the partial index on pending rows.
        .where('status', '=', sql.lit('pending'))
        .where('due_at', '<=', now)
        .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', now)]))
        .$if(busy.length > 0, (q) => q.where('webhook_id', 'not in', busy))
        .orderBy('due_at')
        .limit(limit),
    )
    .returning('id')
    .execute();
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
    .where(
      'a.id',
      'in',
      leased.map((row) => row.id),
    )
    .execute();
}
