import Router from '@koa/router';
import servicesQuerySchema from '../../schema/services-query.json' with { type: 'json' };
import type { AppContext } from '../app-context.ts';
import { errors } from '../http/errors.ts';
import { requireScope } from '../http/integration-auth.ts';
import { apiKeyOf, idParam, type AppState } from '../http/state.ts';
import { queryParser } from '../http/validate.ts';
import { toServiceJson } from './service.presenter.ts';
import { findService } from './services.repository.ts';

const parseQuery = queryParser<{ active?: boolean }>(servicesQuerySchema);

/** The service catalog of the key's business (services:read). */
export function serviceRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();
  router.use('/services', requireScope('services:read'));

  router.get('/services', async (ctx) => {
    const { active } = parseQuery(ctx.query);
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = await app.catalog.json(apiKeyOf(ctx).businessId, active);
  });
  router.get('/services/:id', async (ctx) => {
    const row = await findService(app.db, apiKeyOf(ctx).businessId, idParam(ctx.params.id, 'Service'));
    if (!row) throw errors.notFound('Service');
    ctx.body = toServiceJson(row);
  });
  return router;
}
