import Router from '@koa/router';
import type { AppContext } from '../app-context.ts';
import { requireScope } from '../http/integration-auth.ts';
import { apiKeyOf, idParam, type AppState, type Ctx } from '../http/state.ts';
import type { WebhookOwner } from './webhooks.repository.ts';
import { errors } from '../http/errors.ts';
import { pingWebhook } from '../delivery/ping.ts';
import { redeliver } from '../delivery/redeliver.ts';
import {
  changeWebhook,
  createWebhook,
  eventCatalog,
  getWebhook,
  listWebhooks,
  removeWebhook,
  rotateSecret,
  webhookDeliveries,
} from './webhooks.service.ts';

/** Spec section 4, webhook endpoints; all need webhooks:manage and see only the caller's webhooks. */
export function webhookRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();
  router.use('/webhooks', requireScope('webhooks:manage'));

  router.get('/webhooks/events', (ctx) => {
    ctx.body = { data: eventCatalog() };
  });
  router.post('/webhooks', async (ctx) => {
    ctx.status = 201;
    ctx.body = await createWebhook(app, apiKeyOf(ctx), ctx.request.body);
  });
  router.get('/webhooks', async (ctx) => {
    ctx.body = await listWebhooks(app, ownerOf(ctx));
  });
  mountWebhookOperations(router, app, ownerOf);
  return router;
}

const ownerOf = (ctx: Ctx): WebhookOwner => ({ apiKeyId: apiKeyOf(ctx).id });

/**
 * The operations on one webhook, shared by the integration API (owner: the key) and the admin API
 * (owner: the business): read, change, delete, rotate, ping, history, redeliver.
 */
export function mountWebhookOperations(router: Router<AppState>, app: AppContext, owner: (ctx: Ctx) => WebhookOwner): void {
  const webhookId = (ctx: Ctx) => idParam(ctx.params.id, 'Webhook');
  router.get('/webhooks/:id', async (ctx) => {
    ctx.body = await getWebhook(app, owner(ctx), webhookId(ctx));
  });
  router.patch('/webhooks/:id', async (ctx) => {
    ctx.body = await changeWebhook(app, owner(ctx), webhookId(ctx), ctx.request.body);
  });
  router.delete('/webhooks/:id', async (ctx) => {
    await removeWebhook(app, owner(ctx), webhookId(ctx));
    ctx.status = 204;
  });
  router.post('/webhooks/:id/rotate-secret', async (ctx) => {
    ctx.body = await rotateSecret(app, owner(ctx), webhookId(ctx));
  });
  router.post('/webhooks/:id/ping', async (ctx) => {
    ctx.body = await pingWebhook(app, owner(ctx), webhookId(ctx));
  });
  router.get('/webhooks/:id/deliveries', async (ctx) => {
    ctx.body = await webhookDeliveries(app, owner(ctx), webhookId(ctx), ctx.query);
  });
  router.post('/webhooks/:id/deliveries/:deliveryId/retry', async (ctx) => {
    const deliveryId = ctx.params.deliveryId ?? '';
    if (!/^whdel_[A-Za-z0-9_-]{1,64}$/.test(deliveryId)) throw errors.notFound('Delivery');
    ctx.status = 202;
    ctx.body = await redeliver(app, owner(ctx), webhookId(ctx), deliveryId);
  });
}
