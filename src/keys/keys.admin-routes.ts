import Router from '@koa/router';
import type { AppContext } from '../app-context.ts';
import { businessIdOf, BUSINESS } from '../admin/business-param.ts';
import { idParam, type AppState } from '../http/state.ts';
import { SCOPE_PRESETS, SCOPES } from './scopes.ts';
import { allKeys, createKey, regenerateKey, revokeKeyById, type KeysDeps } from './keys.service.ts';

/** "Account settings, section API integration" (spec 3.1): the same operations as the CLI. */
export function keyAdminRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();
  const deps: KeysDeps = { db: app.db, clock: app.clock, ids: app.ids };
  const keyId = (id: string | undefined) => idParam(id, 'API key');

  router.get('/scopes', (ctx) => {
    ctx.body = { scopes: SCOPES, presets: SCOPE_PRESETS };
  });
  router.get(`${BUSINESS}/keys`, async (ctx) => {
    const keys = await allKeys(deps, await businessIdOf(app, ctx));
    const data = keys.map((key) => ({ ...key, lastUsedAt: latest(key.lastUsedAt, app.limiter.lastUsedAt(key.id)) }));
    ctx.body = { data, total: data.length };
  });
  router.post(`${BUSINESS}/keys`, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createKey(deps, await businessIdOf(app, ctx), ctx.request.body);
  });
  router.post(`${BUSINESS}/keys/:id/revoke`, async (ctx) => {
    ctx.body = await revokeKeyById(deps, keyId(ctx.params.id), await businessIdOf(app, ctx));
  });
  router.post(`${BUSINESS}/keys/:id/regenerate`, async (ctx) => {
    ctx.body = await regenerateKey(deps, keyId(ctx.params.id), await businessIdOf(app, ctx));
  });
  return router;
}

/** The stored last use lags by up to a flush; the rate limiter knows the newest. */
function latest(stored: string | null, inMemory: number | undefined): string | null {
  if (!inMemory) return stored;
  return stored && Date.parse(stored) >= inMemory ? stored : new Date(inMemory).toISOString();
}
