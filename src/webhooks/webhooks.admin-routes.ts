import Router from '@koa/router';
import type { AppContext } from '../app-context.ts';
import { businessIdOf, BUSINESS } from '../admin/business-param.ts';
import { errors } from '../http/errors.ts';
import { idParam, type AppState, type Ctx } from '../http/state.ts';
import { pingWebhook } from '../delivery/ping.ts';
import { redeliver } from '../delivery/redeliver.ts';
import type { WebhookOwner } from './webhooks.repository.ts';
import {
  changeWebhook,
  getWebhook,
  listWebhooks,
  parseDeliveriesQuery,
  parseWebhookUpdate,
  removeWebhook,
  rotateSecret,
  webhookDeliveries,
} from './webhooks.service.ts';

/** Every webhook of a business, whichever key made it, for the status page. */
export function webhookAdminRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>({ prefix: BUSINESS });
  router.get('/webhooks', async (ctx) => {
    ctx.body = await listWebhooks(app, { businessId: await businessIdOf(app, ctx) });
  });
  const businessOwner = (ctx: Parameters<typeof businessIdOf>[1]) => ({ businessId: Number(ctx.params.businessId) });
  // The business is checked once per request by the first handler that needs it.
  router.use('/webhooks/:id', async (ctx, next) => {
    await businessIdOf(app, ctx);
    await next();
  });
  mountWebhookOperations(router, app, businessOwner);
  return router;
}

/**
 * The operations on one webhook, shared by the integration API (owner: the key) and the admin API
 * (owner: the business): read, change, delete, rotate, ping, history, redeliver.
 */
function mountWebhookOperations(router: Router<AppState>, app: AppContext, owner: (ctx: Ctx) => WebhookOwner): void {
  const webhookId = (ctx: Ctx) => idParam(ctx.params.id, 'Webhook');
  router.get('/webhooks/:id', async (ctx) => {
    ctx.body = await getWebhook(app, owner(ctx), webhookId(ctx));
  });
  router.patch('/webhooks/:id', async (ctx) => {
    ctx.body = await changeWebhook(app, owner(ctx), webhookId(ctx), parseWebhookUpdate(ctx.request.body));
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
    ctx.body = await webhookDeliveries(app, owner(ctx), webhookId(ctx), parseDeliveriesQuery(ctx.query));
  });
  router.post('/webhooks/:id/deliveries/:deliveryId/retry', async (ctx) => {
    const deliveryId = ctx.params.deliveryId ?? '';
    if (!/^whdel_[A-Za-z0-9_-]{1,64}$/.test(deliveryId)) throw errors.notFound('Delivery');
    ctx.status = 202;
    ctx.body = await redeliver(app, owner(ctx), webhookId(ctx), deliveryId);
  });
}
