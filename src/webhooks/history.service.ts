import type deliveriesQuerySchema from '../../schema/deliveries-query.ts';
import { errors } from '../http/errors.ts';
import type { Valid } from '../http/validate.ts';
import { toDeliveryJson, toDeliveryRecordJson } from './attempt.presenter.ts';
import { attemptTimings, countAttempts, deliveryOfWebhook, pageAttempts } from './history.repository.ts';
import type { WebhookOwner } from './webhooks.repository.ts';
import { ownWebhook, type WebhooksDeps } from './webhooks.service.ts';

/** A page of the history and what narrows it: status, delivery, event, time range, booking. */
export type DeliveriesQuery = Valid<typeof deliveriesQuerySchema>;

type Deps = Pick<WebhooksDeps, 'db'>;

/** One page of a webhook's attempts, newest first, narrowed by what `query` names. */
export async function webhookDeliveries(app: Deps, owner: WebhookOwner, id: number, query: DeliveriesQuery) {
  const { page, limit, status, deliveryId, event, since, until, bookingId } = query;
  await ownWebhook(app.db, owner, id);
  const filter = {
    webhookId: id,
    status,
    deliveryId,
    event,
    since: since === undefined ? undefined : Date.parse(since),
    until: until === undefined ? undefined : Date.parse(until),
    bookingId,
  };
  const [rows, total] = await Promise.all([pageAttempts(app.db, filter, (page - 1) * limit, limit), countAttempts(app.db, filter)]);
  return { data: rows.map(toDeliveryRecordJson), total };
}

/** One delivery of a webhook with each of its attempts and their times. */
export async function webhookDelivery(app: Deps, owner: WebhookOwner, id: number, deliveryId: string) {
  await ownWebhook(app.db, owner, id);
  const delivery = await deliveryOfWebhook(app.db, id, deliveryId);
  if (!delivery) throw errors.notFound('Delivery');
  return toDeliveryJson(delivery, await attemptTimings(app.db, delivery.id));
}
