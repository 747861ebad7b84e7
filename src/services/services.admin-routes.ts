import Router from '@koa/router';
import type { AppContext } from '../app-context.ts';
import { businessIdOf, BUSINESS } from '../admin/business-param.ts';
import { idParam, type AppState } from '../http/state.ts';
import { adminService, adminServices, changeService, createService, deleteService } from './services.service.ts';

export function serviceAdminRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>({ prefix: `${BUSINESS}/services` });
  router.get('/', async (ctx) => {
    ctx.body = await adminServices(app, await businessIdOf(app, ctx));
  });
  router.post('/', async (ctx) => {
    ctx.status = 201;
    ctx.body = await createService(app, await businessIdOf(app, ctx), ctx.request.body);
  });
  router.get('/:id', async (ctx) => {
    ctx.body = await adminService(app, await businessIdOf(app, ctx), idParam(ctx.params.id, 'Service'));
  });
  router.patch('/:id', async (ctx) => {
    ctx.body = await changeService(app, await businessIdOf(app, ctx), idParam(ctx.params.id, 'Service'), ctx.request.body);
  });
  router.delete('/:id', async (ctx) => {
    await deleteService(app, await businessIdOf(app, ctx), idParam(ctx.params.id, 'Service'));
    ctx.status = 204;
  });
  return router;
}
