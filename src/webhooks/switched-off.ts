import { toIsoOrNull } from '../clock.ts';
import type { Db, Tx } from '../db/transaction.ts';
import { errors } from '../http/errors.ts';
import { hostOf } from './host.ts';
import { type SwitchedOffRow, unseenSwitchedOff } from './switched-off.repository.ts';
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

/** The salon leaves a switched-off connection off: the overview stops showing it (until it is switched off again). */
export async function leaveSwitchedOff(trx: Tx, app: WebhooksDeps, businessId: number, id: number) {
  const row = await ownWebhook(trx, { businessId }, id);
  if (row.status !== 'failed') throw errors.conflict('webhook_active', 'This connection is switched on; there is nothing to leave off.');
  await updateWebhook(trx, id, { switch_off_seen_at: app.clock.now() });
  return toWebhookJson(await ownWebhook(trx, { businessId }, id), viewOf(app));
}
