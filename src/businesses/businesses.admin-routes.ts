import Router from '@koa/router';
import type { AppContext } from '../app-context.ts';
import { businessIdOf, BUSINESS } from '../admin/business-param.ts';
import type { AppState } from '../http/state.ts';
import { allBusinesses, changeBusiness, createBusiness, getBusiness } from './businesses.service.ts';

export function businessAdminRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/businesses', async (ctx) => {
    const data = await allBusinesses(app.db);
    ctx.body = { data, total: data.length };
  });
  router.post('/businesses', async (ctx) => {
    ctx.status = 201;
    ctx.body = await createBusiness(app.db, app.clock, ctx.request.body);
  });
  router.get(BUSINESS, async (ctx) => {
    ctx.body = await getBusiness(app.db, await businessIdOf(app, ctx));
  });
  router.patch(BUSINESS, async (ctx) => {
    ctx.body = await changeBusiness(app.db, app.clock, await businessIdOf(app, ctx), ctx.request.body);
  });
  return router;
}
