import Router from '@koa/router';
import type { AppContext } from '../app-context.ts';
import { businessIdOf, BUSINESS } from '../admin/business-param.ts';
import { idParam, type AppState } from '../http/state.ts';
import { adminClient, adminClients, changeClient, createClient } from './clients.service.ts';

export function clientAdminRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>({ prefix: `${BUSINESS}/clients` });
  router.get('/', async (ctx) => {
    ctx.body = await adminClients(app, await businessIdOf(app, ctx), ctx.query);
  });
  router.post('/', async (ctx) => {
    ctx.status = 201;
    ctx.body = await createClient(app, await businessIdOf(app, ctx), ctx.request.body);
  });
  router.get('/:id', async (ctx) => {
    ctx.body = await adminClient(app, await businessIdOf(app, ctx), idParam(ctx.params.id, 'Client'));
  });
  router.patch('/:id', async (ctx) => {
    ctx.body = await changeClient(app, await businessIdOf(app, ctx), idParam(ctx.params.id, 'Client'), ctx.request.body);
  });
  return router;
}
