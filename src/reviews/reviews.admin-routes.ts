import Router from '@koa/router';
import type { AppContext } from '../app-context.ts';
import { businessIdOf, BUSINESS } from '../admin/business-param.ts';
import type { AppState } from '../http/state.ts';
import { createReview, listReviews, parseReviewsQuery } from './reviews.service.ts';

export function reviewAdminRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>({ prefix: `${BUSINESS}/reviews` });
  router.get('/', async (ctx) => {
    ctx.body = await listReviews(app, await businessIdOf(app, ctx), parseReviewsQuery(ctx.query));
  });
  router.post('/', async (ctx) => {
    ctx.status = 201;
    ctx.body = await createReview(app, await businessIdOf(app, ctx), ctx.request.body);
  });
  return router;
}
