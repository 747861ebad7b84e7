import Router from '@koa/router';
import type { AppContext } from '../app-context.ts';
import { businessIdOf, BUSINESS } from '../admin/business-param.ts';
import { idParam, type AppState, type Ctx } from '../http/state.ts';
import {
  cancelBooking,
  createBooking,
  getBooking,
  listBookings,
  parseAdminCreate,
  parseBookingsQuery,
  parseCancel,
  rescheduleBooking,
  transitionBooking,
  type Actor,
} from './bookings.service.ts';

/** The salon's view of bookings: all of them, every transition, and rescheduling. */
export function bookingAdminRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>({ prefix: `${BUSINESS}/bookings` });
  const salon = async (ctx: Ctx): Promise<Actor> => ({
    businessId: await businessIdOf(app, ctx),
    source: 'admin',
    apiKeyId: null,
    ownBookingsOnly: false,
  });
  const bookingId = (ctx: Ctx) => idParam(ctx.params.id, 'Booking');

  router.get('/', async (ctx) => {
    ctx.body = await listBookings(app, await salon(ctx), parseBookingsQuery(ctx.query));
  });
  router.post('/', async (ctx) => {
    const actor = await salon(ctx);
    const result = await createBooking(app, actor, parseAdminCreate(ctx.request.body));
    ctx.status = result.status;
    ctx.body = result.body;
  });
  router.get('/:id', async (ctx) => {
    ctx.body = await getBooking(app, await salon(ctx), bookingId(ctx));
  });
  for (const name of ['confirm', 'complete', 'no-show'] as const) {
    router.post(`/:id/${name}`, async (ctx) => {
      ctx.body = await transitionBooking(app, await salon(ctx), bookingId(ctx), name);
    });
  }
  router.post('/:id/cancel', async (ctx) => {
    ctx.body = (await cancelBooking(app, await salon(ctx), bookingId(ctx), parseCancel(ctx.request.body ?? {}))).body;
  });
  router.post('/:id/reschedule', async (ctx) => {
    ctx.body = await rescheduleBooking(app, await salon(ctx), bookingId(ctx), ctx.request.body);
  });
  return router;
}
