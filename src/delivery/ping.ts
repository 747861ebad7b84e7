import type { AppContext } from '../app-context.ts';
import { PING_EVENT } from '../webhooks/events.ts';
import { findOwnedWebhook, type WebhookOwner } from '../webhooks/webhooks.repository.ts';
import { errors } from '../http/errors.ts';
import { dispatch } from './dispatch.ts';
import { leaseMsFor } from './engine.ts';
import { envelopeBody } from './envelope.ts';
import { record } from './record.ts';
import { claimAttempt } from './sql/claim-due-attempts.ts';
import { insertAttempt } from './sql/insert-attempt.ts';
import { insertDelivery } from './sql/insert-delivery.ts';

type Deps = Pick<AppContext, 'database' | 'clock' | 'ids' | 'sender' | 'policy' | 'config'>;

/**
 * POST /webhooks/:id/ping: one signed `webhook.ping` sent now and answered with its outcome.
 * It goes through the stages every attempt does (attempt.ts): queued and claimed in one
 * transaction, dispatched, then decided and recorded with the webhook's real health; the request
 * dispatches it itself, so a backlog or a stopped engine does not hold up the check.
 * Recorded in the history; never retried, never counted; allowed on a failed webhook, since
 * checking the receiver is what one does before switching it back on.
 */
export async function pingWebhook(app: Deps, owner: WebhookOwner, webhookId: number) {
  const queuedAt = app.clock.now();
  const deliveryId = app.ids.deliveryId();
  const body = envelopeBody(deliveryId, PING_EVENT, queuedAt, {
    webhookId,
    message: 'Test delivery from booking-api. Answer with a 2xx status to acknowledge.',
  });
  const claimed = await app.database.transaction(async (trx) => {
    if (!(await findOwnedWebhook(trx, webhookId, owner))) throw errors.notFound('Webhook');
    const deliveryPk = await insertDelivery(trx, { deliveryId, webhookId, eventId: null, event: PING_EVENT, body }, queuedAt);
    const attemptId = await insertAttempt(trx, { deliveryPk, webhookId, attemptNumber: 1, trigger: 'ping', dueAt: queuedAt }, queuedAt);
    // Leased to this request, so the engine leaves it alone.
    return (await claimAttempt(trx, attemptId, queuedAt, leaseMsFor(app.config.deliveryTimeoutMs)))!;
  });
  const dispatched = await dispatch(claimed, app.sender, () => app.clock.now());
  // The webhook may have been deleted while the ping was out; then record() keeps nothing.
  await app.database.transaction((trx) => record(trx, [dispatched], app.policy, app.clock.now()));
  const sent = dispatched.kind === 'sent';
  return {
    success: sent && dispatched.ok,
    statusCode: sent ? dispatched.statusCode : null,
    responseTimeMs: sent ? dispatched.responseTimeMs : 0,
    errorMessage: sent ? dispatched.errorMessage : dispatched.reason,
    deliveryId,
  };
}
