import Router from '@koa/router';
import type { AppContext } from '../app-context.ts';
import { requireScope } from '../http/integration-auth.ts';
import { apiKeyOf, idParam, type AppState, type Ctx } from '../http/state.ts';
import type { ApiKey } from '../keys/api-key.ts';
import { fingerprint, idempotencyKeyOf, type StoredResponse } from './idempotency.ts';
import { cancelBooking, createBooking, getBooking, listBookings, type Actor } from './bookings.service.ts';

export function actorOfKey(key: ApiKey): Actor {
  return { businessId: key.businessId, source: 'integration', apiKeyId: key.id, ownBookingsOnly: !key.scopes.has('bookings:read') };
}

function idempotencyOf(ctx: Ctx) {
  return { key: idempotencyKeyOf(ctx.get('idempotency-key') || undefined), fingerprint: fingerprint(ctx.method, ctx.path, ctx.request.body) };
}

function reply(ctx: Ctx, result: StoredResponse): void {
  ctx.status = result.status;
  ctx.body = result.body;
  if (result.replayed) ctx.set('Idempotent-Replayed', 'true');
}

/** Bookings for widgets (bookings:write: book, cancel) and CRMs (bookings:read: list, read). */
export function bookingRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();
  const read = requireScope('bookings:read');
  const write = requireScope('bookings:write');

  router.get('/bookings', read, async (ctx) => {
    ctx.body = await listBookings(app, actorOfKey(apiKeyOf(ctx)), ctx.query);
  });
  router.get('/bookings/:id', read, async (ctx) => {
    ctx.body = await getBooking(app, actorOfKey(apiKeyOf(ctx)), idParam(ctx.params.id, 'Booking'));
  });
  router.post('/bookings', write, async (ctx) => {
    reply(ctx, await createBooking(app, actorOfKey(apiKeyOf(ctx)), ctx.request.body, idempotencyOf(ctx)));
  });
  router.post('/bookings/:id/cancel', write, async (ctx) => {
    const id = idParam(ctx.params.id, 'Booking');
    reply(ctx, await cancelBooking(app, actorOfKey(apiKeyOf(ctx)), id, ctx.request.body, idempotencyOf(ctx)));
  });
  return router;
}
