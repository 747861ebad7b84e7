import Router from '@koa/router';
import type { AppContext } from '../app-context.ts';
import { businessIdOf, BUSINESS } from '../admin/business-param.ts';
import type { AppState } from '../http/state.ts';
import { mountWebhookOperations } from './webhooks.routes.ts';
import { listWebhooks } from './webhooks.service.ts';

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
