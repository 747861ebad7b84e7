import Router from '@koa/router';
import type { AppContext } from '../app-context.ts';
import { businessIdOf, BUSINESS } from '../admin/business-param.ts';
import { idParam, type AppState } from '../http/state.ts';
import { listPayments, recordPayment, refundPayment } from './payments.service.ts';

export function paymentAdminRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>({ prefix: `${BUSINESS}/payments` });
  router.get('/', async (ctx) => {
    ctx.body = await listPayments(app, await businessIdOf(app, ctx), ctx.query);
  });
  router.post('/', async (ctx) => {
    ctx.status = 201;
    ctx.body = await recordPayment(app, await businessIdOf(app, ctx), ctx.request.body);
  });
  router.post('/:id/refund', async (ctx) => {
    ctx.status = 201;
    ctx.body = await refundPayment(app, await businessIdOf(app, ctx), idParam(ctx.params.id, 'Payment'), ctx.request.body);
  });
  return router;
}
