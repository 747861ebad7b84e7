import { toIso, toIsoOrNull } from '../clock.ts';
import type { WebhookRow } from '../db/tables.ts';

/** Spec 2.2 without `secret`: the shape of every webhook response except create and rotate. */
export function toWebhookJson(row: WebhookRow) {
  return {
    id: row.id,
    apiKeyId: row.api_key_id,
    targetUrl: row.target_url,
    events: JSON.parse(row.events) as string[],
    description: row.description,
    status: row.status,
    consecutiveFailures: row.consecutive_failures,
    disabledReason: row.disabled_reason,
    lastTriggeredAt: toIsoOrNull(row.last_triggered_at),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** The one shape that carries the secret: the answers of create and rotate-secret. */
export function toWebhookJsonWithSecret(row: WebhookRow, secret: string) {
  return { ...toWebhookJson(row), secret };
}
