import Router from '@koa/router';
import type { AppContext } from '../app-context.ts';
import { requireScope } from '../http/integration-auth.ts';
import { apiKeyOf, type AppState } from '../http/state.ts';
import { getBusiness } from './businesses.service.ts';

/** GET /business (business:read): name, address, contact, time zone, opening hours. */
export function businessRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/business', requireScope('business:read'), async (ctx) => {
    const { createdAt: _c, updatedAt: _u, ...business } = await getBusiness(app.db, apiKeyOf(ctx).businessId);
    ctx.body = business;
  });
  return router;
}
