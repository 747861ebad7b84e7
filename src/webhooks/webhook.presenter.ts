import { toIso, toIsoOrNull } from '../clock.ts';
import type { WebhookRow } from '../db/tables.ts';
import { livePreviousSecrets } from '../delivery/previous-secrets.ts';
import { type CustomHeaders, maskedHeaders } from './custom-headers.ts';

/** What a webhook's answer needs besides its row: the time, and how to open its sealed headers. */
export interface WebhookView {
  readonly now: number;
  readonly open: (sealed: string) => string;
}

/** The webhook's own headers as stored (sealed), opened; none when it has none. */
export function customHeadersOf(row: Pick<WebhookRow, 'custom_headers'>, open: (sealed: string) => string): CustomHeaders {
  return row.custom_headers === null ? {} : (JSON.parse(open(row.custom_headers)) as CustomHeaders);
}

/** Spec 2.2 without `secret`: the shape of every webhook response except create and rotate. */
export function toWebhookJson(row: WebhookRow, view: WebhookView) {
  return {
    id: row.id,
    apiKeyId: row.api_key_id,
    targetUrl: row.target_url,
    events: JSON.parse(row.events) as string[],
    description: row.description,
    status: row.status,
    consecutiveFailures: row.consecutive_failures,
    disabledReason: row.disabled_reason,
    disabledAt: toIsoOrNull(row.disabled_at),
    lastTriggeredAt: toIsoOrNull(row.last_triggered_at),
    // Never a value whole: the names, and enough of each value to tell which one it is.
    headers: maskedHeaders(customHeadersOf(row, view.open)),
    // When each secret a rotation left valid stops being accepted; never the secrets.
    previousSecrets: livePreviousSecrets(row.previous_secrets, view.now).map((previous) => ({ expiresAt: toIso(previous.expiresAt) })),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** The one shape that carries the secret: the answers of create and rotate-secret. */
export function toWebhookJsonWithSecret(row: WebhookRow, view: WebhookView, secret: string) {
  return { ...toWebhookJson(row, view), secret };
}
