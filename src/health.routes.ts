import Router from '@koa/router';
import type { AppContext } from './app-context.ts';
import { probeDatabase } from './db/settings.repository.ts';
import { AppError } from './http/errors.ts';
import type { AppState } from './http/state.ts';
import { VERSION } from './version.ts';

/** GET /healthz, without a key: for supervisors and the status page. 503 when the database fails. */
export function healthRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/healthz', async (ctx) => {
    try {
      await probeDatabase(app.db);
    } catch {
      throw new AppError(503, 'storage_unavailable', 'The database cannot be read.');
    }
    ctx.body = {
      status: 'ok',
      version: VERSION,
      startedAt: new Date(app.startedAt).toISOString(),
      uptimeSeconds: Math.floor((app.clock.now() - app.startedAt) / 1000),
    };
  });
  return router;
}
