import { recordAudit } from '../audit/record.ts';
import { toIso, toIsoOrNull, type Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { Tx } from '../db/transaction.ts';
import { lockWebhooks } from '../delivery/sql/lock-webhooks.ts';
import { errors } from '../http/errors.ts';
import type { Valid } from '../http/validate.ts';
import type webhookRecoverSchema from '../../schema/webhook-recover.ts';
import { findOwnedWebhook, type WebhookOwner } from './webhooks.repository.ts';
import { countFailedInWindow, findRecovery, insertRecovery, type RecoveryRow } from './recoveries.repository.ts';
import { ownWebhook } from './webhooks.service.ts';

/** At most this many deliveries are sent again by one recovery (Svix's recover has a cap too). */
export const RECOVER_CAP = 10_000;

/** The window: deliveries that failed from `since` until `until` (now when left out). */
export type RecoverInput = Valid<typeof webhookRecoverSchema>;

/** Who works through recoveries in the background: told when one is queued. */
export interface RecoveryQueue {
  wake(): void;
}

export type RecoverDeps = {
  readonly database: Database;
  readonly clock: Clock;
  readonly recoveries: RecoveryQueue;
};

export function toRecoveryJson(row: RecoveryRow) {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    since: toIso(row.since),
    until: toIso(row.until),
    status: row.status,
    deliveries: Math.min(row.matched, RECOVER_CAP),
    // Counted up to one beyond the cap: more failed in the window than one recovery sends again.
    capped: row.matched > RECOVER_CAP,
    requeued: row.requeued,
    createdAt: toIso(row.created_at),
    finishedAt: toIsoOrNull(row.finished_at),
  };
}

/**
 * POST /webhooks/:id/recover: every delivery that failed between `since` and `until` (now when
 * left out or later) and was not delivered since gets one more attempt, as a manual retry does
 * (due now, not retried, not counted towards switching the webhook off), at most RECOVER_CAP.
 * The request counts them and queues the recovery; the recovery worker sends them again in the
 * background (recovery-worker.ts), so the answer (202) does not wait for thousands of inserts.
 */
export async function recoverWebhook(trx: Tx, app: RecoverDeps, owner: WebhookOwner, id: number, input: RecoverInput) {
  await lockWebhooks(trx, [id]);
  const webhook = await findOwnedWebhook(trx, id, owner);
  if (!webhook) throw errors.notFound('Webhook');
  if (webhook.status !== 'active') {
    throw errors.conflict('webhook_not_active', 'The webhook is switched off. Switch it back on (PATCH status "active") first.');
  }
  const now = app.clock.now();
  const since = Date.parse(input.since);
  // A window that reaches into the future ends now: what fails later is not part of this request.
  const until = Math.min(input.until === undefined ? now : Date.parse(input.until), now);
  if (since >= until) {
    const end = input.until === undefined || Date.parse(input.until) > now ? 'now' : '"until"';
    throw errors.validation(`"since" must be before ${end}: nothing can have failed in that window.`, 'since');
  }
  const matched = await countFailedInWindow(trx, { webhookId: id, since, until }, RECOVER_CAP + 1);
  const row = await insertRecovery(trx, {
    webhook_id: id,
    since,
    until,
    status: matched === 0 ? 'done' : 'queued',
    matched,
    created_at: now,
    finished_at: matched === 0 ? now : null,
  });
  if (matched > 0) app.database.afterCommit(trx, () => app.recoveries.wake());
  const window = { since: toIso(since), until: toIso(until), matched };
  await recordAudit(trx, {
    businessId: webhook.business_id,
    action: 'webhook.recovery_started',
    target: { kind: 'webhook', id },
    after: window,
  });
  return toRecoveryJson(row);
}

/** GET /webhooks/:id/recoveries/:recoveryId: how far a recovery has got. */
export async function getRecovery(
  app: { readonly db: Parameters<typeof findRecovery>[0] },
  owner: WebhookOwner,
  id: number,
  recoveryId: number,
) {
  await ownWebhook(app.db, owner, id);
  const row = await findRecovery(app.db, id, recoveryId);
  if (!row) throw errors.notFound('Recovery');
  return toRecoveryJson(row);
}
