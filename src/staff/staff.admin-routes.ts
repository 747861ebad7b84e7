import Router from '@koa/router';
import type { AppContext } from '../app-context.ts';
import { businessIdOf, BUSINESS } from '../admin/business-param.ts';
import { idParam, type AppState } from '../http/state.ts';
import { adminStaffList, adminStaffMember, changeSchedule, changeServices, changeStaff, createStaff } from './staff.service.ts';

export function staffAdminRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>({ prefix: `${BUSINESS}/staff` });
  router.get('/', async (ctx) => {
    ctx.body = await adminStaffList(app, await businessIdOf(app, ctx));
  });
  router.post('/', async (ctx) => {
    ctx.status = 201;
    ctx.body = await createStaff(app, await businessIdOf(app, ctx), ctx.request.body);
  });
  router.get('/:id', async (ctx) => {
    ctx.body = await adminStaffMember(app, await businessIdOf(app, ctx), idParam(ctx.params.id, 'Staff member'));
  });
  router.patch('/:id', async (ctx) => {
    ctx.body = await changeStaff(app, await businessIdOf(app, ctx), idParam(ctx.params.id, 'Staff member'), ctx.request.body);
  });
  router.put('/:id/schedule', async (ctx) => {
    ctx.body = await changeSchedule(app, await businessIdOf(app, ctx), idParam(ctx.params.id, 'Staff member'), ctx.request.body);
  });
  router.put('/:id/services', async (ctx) => {
    ctx.body = await changeServices(app, await businessIdOf(app, ctx), idParam(ctx.params.id, 'Staff member'), ctx.request.body);
  });
  return router;
}
