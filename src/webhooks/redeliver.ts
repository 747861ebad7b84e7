import { recordAudit } from '../audit/record.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { DeliveryEngine } from '../delivery/engine.ts';
import type { Tx } from '../db/transaction.ts';
import { errors } from '../http/errors.ts';
import { lockWebhooks } from '../delivery/sql/lock-webhooks.ts';
import { findOwnedWebhook, type WebhookOwner } from './webhooks.repository.ts';
import { toDeliveryRecordJson } from './attempt.presenter.ts';
import { attemptsOfDelivery, findDeliveryOfWebhook, pageAttempts } from './history.repository.ts';
import { insertAttempt } from '../delivery/sql/insert-attempt.ts';

export type RedeliverDeps = { readonly database: Database; readonly clock: Clock; readonly engine: DeliveryEngine };
type Deps = RedeliverDeps;

/**
 * POST /webhooks/:id/deliveries/:deliveryId/retry: one fresh attempt of a finished delivery,
 * due now, with the same body and delivery id. Beyond the spec; every integrator asks for it.
 */
export async function redeliver(trx: Tx, app: Deps, owner: WebhookOwner, webhookId: number, deliveryId: string) {
  // Held until the commit, so a delete of it cannot come between this check and the insert.
  await lockWebhooks(trx, [webhookId]);
  const webhook = await findOwnedWebhook(trx, webhookId, owner);
  if (!webhook) throw errors.notFound('Webhook');
  if (webhook.status !== 'active') {
    throw errors.conflict('webhook_not_active', 'The webhook is switched off. Switch it back on (PATCH status "active") first.');
  }
  const delivery = await findDeliveryOfWebhook(trx, webhookId, deliveryId);
  if (!delivery) throw errors.notFound('Delivery');
  const attempts = await attemptsOfDelivery(trx, delivery.id);
  if (attempts.some((a) => a.status === 'pending')) {
    throw errors.conflict('delivery_in_progress', 'This delivery still has an attempt scheduled; wait for it to finish.');
  }
  const now = app.clock.now();
  await insertAttempt(
    trx,
    {
      deliveryPk: delivery.id,
      webhookId,
      attemptNumber: Math.max(0, ...attempts.map((a) => a.attempt_number)) + 1,
      trigger: 'manual',
      dueAt: now,
    },
    now,
  );
  app.database.afterCommit(trx, () => app.engine.wake());
  await recordAudit(trx, {
    businessId: webhook.business_id,
    action: 'webhook.delivery_retried',
    target: { kind: 'webhook', id: webhookId },
    after: { deliveryId },
  });
  const [latest] = await pageAttempts(trx, { webhookId, deliveryId }, 0, 1);
  return toDeliveryRecordJson(latest!);
}
