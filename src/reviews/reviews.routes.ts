import Router from '@koa/router';
import type { AppContext } from '../app-context.ts';
import { requireScope } from '../http/integration-auth.ts';
import { apiKeyOf, type AppState } from '../http/state.ts';
import { listReviews } from './reviews.service.ts';

/** GET /reviews (reviews:read). */
export function reviewRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/reviews', requireScope('reviews:read'), async (ctx) => {
    ctx.body = await listReviews(app, apiKeyOf(ctx).businessId, ctx.query);
  });
  return router;
}
