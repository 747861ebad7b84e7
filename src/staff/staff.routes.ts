import Router from '@koa/router';
import type { AppContext } from '../app-context.ts';
import { errors } from '../http/errors.ts';
import { requireScope } from '../http/integration-auth.ts';
import { apiKeyOf, idParam, type AppState } from '../http/state.ts';
import { publicStaffList } from './staff.service.ts';

/** The key's business's staff (staff:read): names, titles and services; nothing private. */
export function staffRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();
  router.use('/staff', requireScope('staff:read'));
  router.get('/staff', async (ctx) => {
    ctx.body = await publicStaffList(app, apiKeyOf(ctx).businessId);
  });
  router.get('/staff/:id', async (ctx) => {
    const id = idParam(ctx.params.id, 'Staff member');
    const member = (await publicStaffList(app, apiKeyOf(ctx).businessId)).data.find((s) => s.id === id);
    if (!member) throw errors.notFound('Staff member');
    ctx.body = member;
  });
  return router;
}
