import type { Actor } from '../db/writer.ts';
import { recordAudit } from '../audit/record.ts';
import { toIsoOrNull } from '../clock.ts';
import type { Db, Tx } from '../db/transaction.ts';
import { errors } from '../http/errors.ts';
import { hostOf } from './host.ts';
import { findSwitchedOff, type SwitchedOffRow, unseenSwitchedOff } from './switched-off.repository.ts';
import { updateWebhook } from './webhooks.repository.ts';
import { toWebhookJson } from './webhook.presenter.ts';
import { ownWebhook, viewOf, type WebhooksDeps } from './webhooks.service.ts';

/** What the salon is told about a connection switched off after its failures: the overview's notice. */
export function toSwitchedOffJson(row: SwitchedOffRow) {
  return {
    webhookId: row.id,
    // What staff call a connection: its description, or the host it sends to.
    name: row.description || hostOf(row.target_url),
    targetUrl: row.target_url,
    keyName: row.key_name,
    disabledReason: row.disabled_reason,
    disabledAt: toIsoOrNull(row.disabled_at),
    lastError: row.last_error,
  };
}

/** The business's connections switched off after their failures, until someone switches each back on or leaves it off. */
export async function switchedOffWebhooks(db: Db | Tx, businessId: number) {
  return { data: (await unseenSwitchedOff(db, businessId)).map(toSwitchedOffJson) };
}

/** Who switches a connection off after its failures: the delivery engine. */
const DELIVERY_SWITCH_OFF: Actor = { kind: 'system', id: null, label: 'Delivery switch-off' };

/** Records, in the transaction that switches it off, that the delivery engine switched a webhook off. */
export async function auditSwitchOff(trx: Tx, webhookId: number, at: number): Promise<void> {
  const row = await findSwitchedOff(trx, webhookId);
  if (!row) return;
  await recordAudit(trx, {
    businessId: row.business_id,
    action: 'webhook.switched_off',
    target: { kind: 'webhook', id: webhookId },
    before: { status: 'active' },
    after: { status: 'failed', consecutiveFailures: row.consecutive_failures },
    actor: DELIVERY_SWITCH_OFF,
    at,
  });
}

/** The salon leaves a switched-off connection off: the overview stops showing it (until it is switched off again). */
export async function leaveSwitchedOff(trx: Tx, app: WebhooksDeps, businessId: number, id: number) {
  const row = await ownWebhook(trx, { businessId }, id);
  if (row.status !== 'failed') throw errors.conflict('webhook_active', 'This connection is switched on; there is nothing to leave off.');
  await updateWebhook(trx, id, { switch_off_seen_at: app.clock.now() });
  await recordAudit(trx, {
    businessId,
    action: 'webhook.left_switched_off',
    target: { kind: 'webhook', id },
    after: { leftSwitchedOff: true },
  });
  return toWebhookJson(await ownWebhook(trx, { businessId }, id), viewOf(app));
}
