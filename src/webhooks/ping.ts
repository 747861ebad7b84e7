import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { DeliveryEngine } from '../delivery/engine.ts';
import type { Ids } from '../ids.ts';
import { PING_EVENT } from '../delivery/events.ts';
import { lockWebhooks } from '../delivery/sql/lock-webhooks.ts';
import { findOwnedWebhook, type WebhookOwner } from './webhooks.repository.ts';
import { errors } from '../http/errors.ts';
import { leaseMsFor } from '../delivery/engine.ts';
import { envelopeBody } from '../delivery/envelope.ts';
import { claimAttempt } from '../delivery/sql/claim-due-attempts.ts';
import { insertAttempt } from '../delivery/sql/insert-attempt.ts';
import { insertDelivery } from '../delivery/sql/insert-delivery.ts';

export type PingDeps = {
  readonly database: Database;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly engine: DeliveryEngine;
  readonly config: Config;
};
type Deps = PingDeps;

/** Beyond the send's own timeout: time for the engine to record the result. */
const ANSWER_MARGIN_MS = 5_000;

/**
 * POST /webhooks/:id/ping: one signed `webhook.ping` sent now and answered with its outcome.
 * A queue item like any attempt (attempt.ts): queued and claimed in one transaction, then handed
 * to the engine, which dispatches it ahead of the queue and records it through its batcher with
 * the webhook's real health; the request waits for that record, at most a send's timeout and a
 * little more. Recorded in the history; never retried, never counted; allowed on a failed
 * webhook, since checking the receiver is what one does before switching it back on.
 */
export async function pingWebhook(app: Deps, owner: WebhookOwner, webhookId: number) {
  const queuedAt = app.clock.now();
  const deliveryId = app.ids.deliveryId();
  const body = envelopeBody(deliveryId, PING_EVENT, queuedAt, {
    webhookId,
    message: 'Test delivery from booking-api. Answer with a 2xx status to acknowledge.',
  });
  const claimed = await app.database.transaction(async (trx) => {
    await lockWebhooks(trx, [webhookId]); // a delete of it waits for the insert below
    if (!(await findOwnedWebhook(trx, webhookId, owner))) throw errors.notFound('Webhook');
    const deliveryPk = await insertDelivery(trx, { deliveryId, webhookId, eventId: null, event: PING_EVENT, body }, queuedAt);
    const attemptId = await insertAttempt(trx, { deliveryPk, webhookId, attemptNumber: 1, trigger: 'ping', dueAt: queuedAt }, queuedAt);
    // Leased in the transaction that queues it: the engine's own claims pass it by.
    return (await claimAttempt(trx, attemptId, queuedAt, leaseMsFor(app.config)))!;
  });
  const decided = await app.engine.submit(claimed, app.config.deliveryTimeoutMs + ANSWER_MARGIN_MS);
  const dispatched = decided?.dispatched;
  if (dispatched?.kind === 'sent') {
    const { ok, statusCode, responseTimeMs, errorMessage } = dispatched;
    return { success: ok, statusCode, responseTimeMs, errorMessage, deliveryId };
  }
  const errorMessage = dispatched?.reason ?? 'no answer recorded in time; the history shows the ping once it is';
  return { success: false, statusCode: null, responseTimeMs: 0, errorMessage, deliveryId };
}
