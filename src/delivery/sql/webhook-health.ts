import type { Tx } from '../../db/transaction.ts';
import type { WebhookStatus } from '../../db/tables.ts';

export interface WebhookHealth {
  id: number;
  status: WebhookStatus;
  consecutiveFailures: number;
  disabledReason: string | null;
  lastTriggeredAt: number | null;
}

export async function loadWebhookHealth(trx: Tx, ids: readonly number[]): Promise<Map<number, WebhookHealth>> {
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom('webhooks')
    .select([
      'id',
      'status',
      'consecutive_failures as consecutiveFailures',
      'disabled_reason as disabledReason',
      'last_triggered_at as lastTriggeredAt',
    ])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Writes a webhook's health. Status, count and reason only when they changed (`countsChanged`):
 * writing them rewrites what the subscriptions cache depends on, and an ordinary delivery changes
 * nothing but the last-triggered time.
 */
export async function saveWebhookHealth(trx: Tx, health: WebhookHealth, countsChanged: boolean, now: number): Promise<void> {
  const set = countsChanged
    ? {
        status: health.status,
        consecutive_failures: health.consecutiveFailures,
        disabled_reason: health.disabledReason,
        last_triggered_at: health.lastTriggeredAt,
        updated_at: now,
      }
    : { last_triggered_at: health.lastTriggeredAt };
  await trx.updateTable('webhooks').set(set).where('id', '=', health.id).execute();
}
