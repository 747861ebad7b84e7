import { lockingRows } from '../../db/dialect.ts';
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

export async function loadWebhookHealth(trx: Tx, ids: readonly number[]): Promise<Map<number, WebhookHealth>> {
  if (ids.length === 0) return new Map();
  const query = trx
    .selectFrom('webhooks')
    .select([
      'id',
      'status',
      'consecutive_failures as consecutiveFailures',
      'disabled_reason as disabledReason',
      'disabled_at as disabledAt',
      'last_triggered_at as lastTriggeredAt',
    ])
    .where('id', 'in', ids)
    .orderBy('id');
  // Locked first, in id order: a delete of one waits for this record (or has
  // committed, and its attempts are dropped), so it cannot lock the webhook and then the attempts
  // while this transaction holds the attempts and wants the webhook (a deadlock, seen), nor
  // delete it between here and the insert of its next attempt.
  const rows = await lockingRows(trx, query, 'no key update').execute();
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
        disabled_at: health.disabledAt,
        last_triggered_at: health.lastTriggeredAt,
        updated_at: now,
      }
    : { last_triggered_at: health.lastTriggeredAt };
  await trx.updateTable('webhooks').set(set).where('id', '=', health.id).execute();
}
