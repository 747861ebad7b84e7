import { inJsonIds, lockingRows } from '../../db/dialect.ts';
import { prepared } from '../../db/prepared.ts';
import type { Tx } from '../../db/transaction.ts';
import type { WebhookStatus } from '../../db/tables.ts';

export interface WebhookHealth {
  id: number;
  status: WebhookStatus;
  consecutiveFailures: number;
  disabledReason: string | null;
  /** When it was switched off; null while active. */
  disabledAt: number | null;
  lastTriggeredAt: number | null;
}

// Built once (the ids come as one JSON array): run on every pass of the engine that has results.
const healthOf = prepared<{ ids: string }, WebhookHealth>((qb, p) =>
  // Locked first, in id order: a delete of one waits for this record (or has
  // committed, and its attempts are dropped), so it cannot lock the webhook and then the attempts
  // while this transaction holds the attempts and wants the webhook (a deadlock, seen), nor
  // delete it between here and the insert of its next attempt.
  lockingRows(
    qb,
    qb
      .selectFrom('webhooks')
      .select([
        'id',
        'status',
        'consecutive_failures as consecutiveFailures',
        'disabled_reason as disabledReason',
        'disabled_at as disabledAt',
        'last_triggered_at as lastTriggeredAt',
      ])
      .where(inJsonIds(qb, 'id', p.ids))
      .orderBy('id'),
    'no key update',
  ),
);

export async function loadWebhookHealth(trx: Tx, ids: readonly number[]): Promise<Map<number, WebhookHealth>> {
  if (ids.length === 0) return new Map();
  const { rows } = await healthOf(trx, { ids: JSON.stringify(ids) });
  return new Map(rows.map((row) => [row.id, row]));
}

// An ordinary delivery's only change to its webhook, once per webhook and pass: built once.
const touch = prepared<{ id: number; at: number | null }>((qb, p) =>
  qb.updateTable('webhooks').set({ last_triggered_at: p.at }).where('id', '=', p.id),
);

/**
 * Writes a webhook's health. Status, count and reason only when they changed (`countsChanged`):
 * writing them rewrites what the subscriptions cache depends on, and an ordinary delivery changes
 * nothing but the last-triggered time.
 */
export async function saveWebhookHealth(trx: Tx, health: WebhookHealth, countsChanged: boolean, now: number): Promise<void> {
  if (!countsChanged) {
    await touch(trx, { id: health.id, at: health.lastTriggeredAt });
    return;
  }
  await trx
    .updateTable('webhooks')
    .set({
      status: health.status,
      consecutive_failures: health.consecutiveFailures,
      disabled_reason: health.disabledReason,
      disabled_at: health.disabledAt,
      last_triggered_at: health.lastTriggeredAt,
      updated_at: now,
    })
    .where('id', '=', health.id)
    .execute();
}
