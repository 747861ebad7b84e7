import bookingCancelSchema from '../../schema/booking-cancel.ts';
import bookingCreateSchema from '../../schema/booking-create.ts';
import bookingsQuerySchema from '../../schema/bookings-query.ts';
import bookingRescheduleSchema from '../../schema/booking-reschedule.ts';
import { idOf, Reply } from '../http/operations.ts';
import { integrationOperations } from '../auth/integration-auth.ts';
import type { Ctx } from '../http/state.ts';
import type { ApiKey } from '../auth/api-key.ts';
import { fingerprint, idempotencyKeyOf, type StoredResponse } from './idempotency.ts';
import {
  cancelBooking,
  createBooking,
  getBooking,
  listBookings,
  rescheduleBooking,
  type BookingActor,
  type BookingsDeps,
} from './bookings.service.ts';

const operation = integrationOperations<BookingsDeps>();

export function actorOfKey(key: ApiKey): BookingActor {
  return { businessId: key.businessId, source: 'integration', apiKeyId: key.id, ownBookingsOnly: !key.scopes.has('bookings:read') };
}

/** The request's Idempotency-Key and, only when it has one (once() reads it then alone), its fingerprint. */
function idempotencyOf(ctx: Ctx) {
  const key = idempotencyKeyOf(ctx.get('idempotency-key') || undefined);
  return { key, fingerprint: key === undefined ? '' : fingerprint(ctx.method, ctx.path, ctx.request.body) };
}

function reply(result: StoredResponse): Reply {
  return new Reply(result.status, result.body, result.replayed ? { 'Idempotent-Replayed': 'true' } : {});
}

/** Bookings for widgets (bookings:write: book, cancel) and CRMs (bookings:read: list, read). */
export const bookingOperations = [
  operation({
    operationId: 'listBookings',
    method: 'GET',
    path: '/bookings',
    scope: 'bookings:read',
    summary: 'Bookings by start time',
    query: bookingsQuerySchema,
    success: { status: 200, schema: 'BookingList' },
    handle: ({ key, query }, app) => listBookings(app, actorOfKey(key), query),
  }),
  operation({
    operationId: 'getBooking',
    method: 'GET',
    path: '/bookings/:id',
    scope: 'bookings:read',
    summary: 'One booking',
    params: { id: idOf('Booking') },
    success: { status: 200, schema: 'Booking' },
    errors: [404],
    handle: ({ key, params }, app) => getBooking(app, actorOfKey(key), params.id),
  }),
  operation({
    operationId: 'createBooking',
    method: 'POST',
    path: '/bookings',
    scope: 'bookings:write',
    summary: 'Book a free slot',
    description:
      'The booking starts `pending`; the salon confirms it. 409 `slot_unavailable` when the time is not a free slot (taken, outside hours, in the past, too long); `too_short_notice` or `beyond_horizon` when it breaks the salon\'s booking rules (`minNoticeMinutes`, `horizonDays` in GET /business). Concurrent requests for one slot: exactly one wins. A key without bookings:read cannot read bookings (403), cancels only the bookings it made (404 for others), and sees the client only as it sent them (`client.id` null, `clientCheck` null): it learns nothing about a client it did not send. A known e-mail address (or phone, however written: "0170 1234567" is "+49 170 1234567" for a salon in Germany) puts the booking on that client, whose record the booking never changes; `bookedAs` keeps the details given.',
    body: bookingCreateSchema,
    idempotent: true,
    write: true,
    success: { status: 201, schema: 'Booking' },
    errors: [404, 409, 422],
    handle: async ({ key, body, ctx, trx }, app) => reply(await createBooking(trx, app, actorOfKey(key), body, idempotencyOf(ctx))),
  }),
  operation({
    operationId: 'cancelBooking',
    method: 'POST',
    path: '/bookings/:id/cancel',
    scope: 'bookings:write',
    summary: 'Cancel a booking',
    params: { id: idOf('Booking') },
    body: bookingCancelSchema,
    bodyOptional: true,
    idempotent: true,
    write: true,
    success: { status: 200, schema: 'Booking' },
    errors: [404, 409, 422],
    handle: async ({ key, params, body, ctx, trx }, app) =>
      reply(await cancelBooking(trx, app, actorOfKey(key), params.id, body, idempotencyOf(ctx))),
  }),
  operation({
    operationId: 'rescheduleBooking',
    method: 'POST',
    path: '/bookings/:id/reschedule',
    scope: 'bookings:write',
    summary: 'Move a booking to another free time (or staff member)',
    description:
      "Fires `booking.rescheduled`. Only bookings this key may cancel (a key without bookings:read: the ones it made). The same rules as booking: 409 `slot_unavailable`, `too_short_notice`, `beyond_horizon`, `invalid_transition` (not pending or confirmed); `holdId` takes the place of this key's hold (409 `hold_expired`).",
    params: { id: idOf('Booking') },
    body: bookingRescheduleSchema,
    idempotent: true,
    write: true,
    success: { status: 200, schema: 'Booking' },
    errors: [404, 409, 422],
    handle: async ({ key, params, body, ctx, trx }, app) =>
      reply(await rescheduleBooking(trx, app, actorOfKey(key), params.id, body, idempotencyOf(ctx))),
  }),
];
