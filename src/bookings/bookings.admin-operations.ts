import adminBookingCreateSchema from '../../schema/admin-booking-create.ts';
import adminBookingCancelSchema from '../../schema/admin-booking-cancel.ts';
import bookingRescheduleSchema from '../../schema/booking-reschedule.ts';
import bookingsQuerySchema from '../../schema/bookings-query.ts';
import { BUSINESS, BUSINESS_ID } from '../businesses/business-param.ts';
import { idOf, type Operation, operations, type OwnAccess, Reply } from '../http/operations.ts';
import { listBookingEvents } from './booking-events.ts';
import { keepBookingClient, separateBookingClient } from './client-check.ts';
import {
  cancelBooking,
  createBooking,
  getBooking,
  listBookings,
  rescheduleBooking,
  transitionBooking,
  type BookingActor,
  type BookingsDeps,
} from './bookings.service.ts';

const operation = operations<BookingsDeps>();

const params = { businessId: BUSINESS_ID };
const one = { ...params, id: idOf('Booking') };

/** The salon acting on its own bookings. */
const salon = (businessId: number): BookingActor => ({ businessId, source: 'admin', apiKeyId: null, ownBookingsOnly: false });

/** A stylist's own bookings: the ones with them (src/auth/roles.ts). */
const STYLIST_OWN_BOOKING: OwnAccess<BookingsDeps> = {
  own: async ({ params }, app, staffId) =>
    (
      await app.db
        .selectFrom('bookings')
        .select('staff_id')
        .where('id', '=', params.id as number)
        .executeTakeFirst()
    )?.staff_id === staffId,
  why: 'This booking is with someone else: a stylist sees and changes only their own bookings.',
};

/** A stylist lists only their own bookings: the list's staffId must be theirs. */
const STYLIST_OWN_LIST: OwnAccess<BookingsDeps> = {
  own: ({ query }, _app, staffId) => Number(query.staffId) === staffId,
  why: 'A stylist sees only their own bookings: ask for them with staffId (your staff member).',
};

/** The salon's view of bookings: all of them, every transition, and rescheduling. */
export const bookingAdminOperations: Operation[] = [
  operation({
    operationId: 'adminListBookings',
    access: STYLIST_OWN_LIST,
    method: 'GET',
    path: `${BUSINESS}/bookings`,
    summary: 'Bookings by start time',
    params,
    query: bookingsQuerySchema,
    success: { status: 200, schema: 'BookingList' },
    handle: ({ params, query }, app) => listBookings(app, salon(params.businessId), query),
  }),
  operation({
    operationId: 'adminCreateBooking',
    access: 'desk',
    method: 'POST',
    path: `${BUSINESS}/bookings`,
    summary: 'Book for a client (starts confirmed)',
    description:
      'A time an API key holds (a client mid-booking on a website, GET …/holds) answers 409 `slot_held` with who holds it and until when (`holds`); with `"overrideHold": true` it is booked and the holds in its way are released.',
    params,
    body: adminBookingCreateSchema,
    success: { status: 201, schema: 'Booking' },
    errors: [
      404,
      {
        status: 409,
        description:
          '`slot_unavailable`, `beyond_horizon`: not a free slot (the message says why); `slot_held`: API keys hold the time, `holds` says who and until when.',
      },
    ],
    write: true,
    handle: async ({ params, body, trx }, app) => {
      const result = await createBooking(trx, app, salon(params.businessId), body);
      return new Reply(result.status, result.body);
    },
  }),
  operation({
    operationId: 'adminGetBooking',
    access: STYLIST_OWN_BOOKING,
    method: 'GET',
    path: `${BUSINESS}/bookings/:id`,
    summary: 'One booking',
    params: one,
    success: { status: 200, schema: 'Booking' },
    handle: ({ params }, app) => getBooking(app, salon(params.businessId), params.id),
  }),
  operation({
    operationId: 'adminListBookingEvents',
    access: STYLIST_OWN_BOOKING,
    method: 'GET',
    path: `${BUSINESS}/bookings/:id/events`,
    summary: "A booking's events (booking.*, payment.*, review.created), newest first, with where each was sent",
    params: one,
    success: { status: 200, schema: 'BookingEventList' },
    handle: ({ params }, app) => listBookingEvents(app, params.businessId, params.id),
  }),
  ...(['confirm', 'complete', 'no-show'] as const).map((name) =>
    operation({
      operationId: `admin${name === 'no-show' ? 'NoShow' : name[0]!.toUpperCase() + name.slice(1)}Booking`,
      // A stylist completes their own visits and marks their own no-shows; confirming is the desk's.
      access: name === 'confirm' ? 'desk' : STYLIST_OWN_BOOKING,
      method: 'POST',
      path: `${BUSINESS}/bookings/:id/${name}`,
      summary: name === 'no-show' ? 'Mark a booking as a no-show' : `${name[0]!.toUpperCase()}${name.slice(1)} a booking`,
      params: one,
      success: { status: 200, schema: 'Booking' },
      errors: [409],
      write: true,
      handle: ({ params, trx }, app) => transitionBooking(trx, app, salon(params.businessId), params.id, name),
    }),
  ),
  operation({
    operationId: 'adminKeepBookingClient',
    access: 'desk',
    method: 'POST',
    path: `${BUSINESS}/bookings/:id/client-check/same-person`,
    summary: "Answer a booking's client check: the same person as its client (the booking and the record stay as they are)",
    params: one,
    success: { status: 200, schema: 'Booking' },
    description:
      'A booking has a client check (`clientCheck`) when it was put on a known client by e-mail or phone while the name or phone it gave differs. 409 `no_client_check` when it has none (any more).',
    errors: [409],
    write: true,
    handle: ({ params, trx }, app) => keepBookingClient(trx, app, params.businessId, params.id),
  }),
  operation({
    operationId: 'adminSeparateBookingClient',
    access: 'desk',
    method: 'POST',
    path: `${BUSINESS}/bookings/:id/client-check/different-person`,
    summary:
      "Answer a booking's client check: someone else (a new client of the booking's name and phone takes the booking; client.created)",
    params: one,
    success: { status: 200, schema: 'Booking' },
    description:
      'A booking has a client check (`clientCheck`) when it was put on a known client by e-mail or phone while the name or phone it gave differs. 409 `no_client_check` when it has none (any more).',
    errors: [409],
    write: true,
    handle: ({ params, trx }, app) => separateBookingClient(trx, app, params.businessId, params.id),
  }),
  operation({
    operationId: 'adminCancelBooking',
    access: 'desk',
    method: 'POST',
    path: `${BUSINESS}/bookings/:id/cancel`,
    summary: 'Cancel a booking (for the client, when they asked: cancelledBy "client")',
    params: one,
    body: adminBookingCancelSchema,
    bodyOptional: true,
    success: { status: 200, schema: 'Booking' },
    errors: [409],
    write: true,
    handle: async ({ params, body, trx }, app) => (await cancelBooking(trx, app, salon(params.businessId), params.id, body)).body,
  }),
  operation({
    operationId: 'adminRescheduleBooking',
    access: 'desk',
    method: 'POST',
    path: `${BUSINESS}/bookings/:id/reschedule`,
    summary: 'Move a booking to another free slot (booking.rescheduled)',
    params: one,
    body: bookingRescheduleSchema,
    success: { status: 200, schema: 'Booking' },
    errors: [
      {
        status: 409,
        description:
          '`slot_unavailable`, `beyond_horizon`, `invalid_transition`; `slot_held`: API keys hold the time (`holds` says who and until when): release the hold first (DELETE …/holds/:id).',
      },
    ],
    write: true,
    handle: async ({ params, body, trx }, app) => (await rescheduleBooking(trx, app, salon(params.businessId), params.id, body)).body,
  }),
];
