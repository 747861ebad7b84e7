import type { AppContext } from '../app-context.ts';
import { PING_EVENT } from '../webhooks/events.ts';
import { findOwnedWebhook, type WebhookOwner } from '../webhooks/webhooks.repository.ts';
import { errors } from '../http/errors.ts';
import { envelopeBody } from './envelope.ts';
import { decide } from './lifecycle.ts';
import { finishAttempts } from './sql/finish-attempt.ts';
import { insertAttempt } from './sql/insert-attempt.ts';
import { insertDelivery } from './sql/insert-delivery.ts';

type Deps = Pick<AppContext, 'database' | 'db' | 'clock' | 'ids' | 'sender' | 'policy'>;

/**
 * POST /webhooks/:id/ping: one signed `webhook.ping` sent now and answered with its outcome.
 * Recorded in the history; never retried, never counted; allowed on a failed webhook, since
 * checking the receiver is what one does before switching it back on.
 */
export async function pingWebhook(app: Deps, owner: WebhookOwner, webhookId: number) {
  const webhook = await findOwnedWebhook(app.db, webhookId, owner);
  if (!webhook) throw errors.notFound('Webhook');
  const now = app.clock.now();
  const deliveryId = app.ids.deliveryId();
  const body = envelopeBody(deliveryId, PING_EVENT, now, {
    webhookId,
    message: 'Test delivery from booking-api. Answer with a 2xx status to acknowledge.',
  });
  const outcome = await app.sender.send({ targetUrl: webhook.target_url, secret: webhook.secret, deliveryId, event: PING_EVENT, body });

  await app.database.transaction(async (trx) => {
    // The webhook may have been deleted while the ping was out; then there is nothing to record.
    if (!(await findOwnedWebhook(trx, webhookId, owner))) return;
    const recordedAt = app.clock.now();
    const deliveryPk = await insertDelivery(trx, { deliveryId, webhookId, eventId: null, event: PING_EVENT, body }, recordedAt);
    const attemptId = await insertAttempt(
      trx,
      { deliveryPk, webhookId, attemptNumber: 1, trigger: 'ping', dueAt: now },
      recordedAt,
    );
    const health = { id: webhookId, status: webhook.status, consecutiveFailures: 0, disabledReason: null, lastTriggeredAt: null };
    const { result } = decide({ attemptNumber: 1, trigger: 'ping' }, outcome, health, app.policy, recordedAt);
    await finishAttempts(trx, [{ attemptId, result }], recordedAt);
  });
  return {
    success: outcome.ok,
    statusCode: outcome.statusCode,
    responseTimeMs: outcome.responseTimeMs,
    errorMessage: outcome.errorMessage,
    deliveryId,
  };
}
