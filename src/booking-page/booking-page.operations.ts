import pageBookingCreateSchema from '../../schema/page-booking-create.ts';
import pageHoldCreateSchema from '../../schema/page-hold-create.ts';
import pageHoldReleaseSchema from '../../schema/page-hold-release.ts';
import slotsQuerySchema from '../../schema/slots-query.ts';
import { operations } from '../http/operations.ts';
import { bookForVisitor, holdForVisitor, pageFreeTimes, pageOf, releaseVisitorHold, type BookingPageDeps } from './booking-page.service.ts';
import { businessOfPage, PAGE } from './page-param.ts';

const operation = operations<BookingPageDeps>();

/**
 * The endpoints of the salon's booking page (/book/{page}): only what a client booking needs,
 * without a key, limited per client address (src/auth/page-guard.ts, docs/decisions.md).
 */
export const bookingPageOperations = [
  operation({
    operationId: 'getBookingPage',
    method: 'GET',
    path: '/:page',
    tag: 'booking page',
    summary: 'The salon, its services and staff, and its booking rules, as the page shows them',
    params: { page: PAGE },
    success: { status: 200, schema: 'BookingPage' },
    handle: async ({ params }, app) => pageOf(app, await businessOfPage(app, params.page)),
  }),
  operation({
    operationId: 'listBookingPageSlots',
    method: 'GET',
    path: '/:page/slots',
    tag: 'booking page',
    summary: 'Free start times, as GET /v1/integration/slots gives them to a widget',
    description:
      "The query of the integration API's GET /slots: `serviceId` or `serviceIds`, `date` or `from` and `to` (at most 31 days), `staffId`. The salon's booking rules apply; every hold takes its time, also another visitor's of this page.",
    params: { page: PAGE },
    query: slotsQuerySchema,
    success: { status: 200, schema: 'Slots' },
    handle: async ({ params, query }, app) => pageFreeTimes(app, await businessOfPage(app, params.page), query),
  }),
  operation({
    operationId: 'createBookingPageHold',
    method: 'POST',
    path: '/:page/holds',
    tag: 'booking page',
    summary: 'Hold a free time while the client types their details',
    description:
      'The time is kept for `BOOKING_HOLD_MINUTES` (5) and taken from everyone else; the answer has the token that books or releases it. One client address holds at most `BOOKING_PAGE_HOLDS_PER_ADDRESS` (2) times at once: 409 `hold_limit_reached` beyond. 409 `slot_unavailable`, `too_short_notice`, `beyond_horizon` as for a booking.',
    params: { page: PAGE },
    body: pageHoldCreateSchema,
    write: true,
    success: { status: 201, schema: 'BookingPageHold' },
    errors: [409],
    handle: async ({ params, body, ctx, trx }, app) =>
      holdForVisitor(trx, app, await businessOfPage(app, params.page, trx), ctx.state.visitor!, body),
  }),
  operation({
    operationId: 'releaseBookingPageHold',
    method: 'POST',
    path: '/:page/holds/release',
    tag: 'booking page',
    summary: 'Give a held time back',
    description: 'The token travels in the body, never in an address (which proxies and logs keep). 404 for an unknown token.',
    params: { page: PAGE },
    body: pageHoldReleaseSchema,
    write: true,
    success: { status: 204 },
    handle: async ({ params, body, trx }, app) => releaseVisitorHold(trx, await businessOfPage(app, params.page, trx), body.holdToken),
  }),
  operation({
    operationId: 'createBookingPageBooking',
    method: 'POST',
    path: '/:page/bookings',
    tag: 'booking page',
    summary: 'Book the held time',
    description:
      "Takes the hold's place (404 for an unknown token, 409 `hold_expired` for one that expired). The booking is `confirmed`, or `pending` until the salon confirms it when the salon confirms new clients itself and it has not seen this one. One client address makes at most `BOOKING_PAGE_BOOKINGS_PER_DAY` (10) bookings a UTC day (429 `too_many_bookings`); one e-mail address has at most `BOOKING_PAGE_OPEN_BOOKINGS_PER_EMAIL` (3) upcoming bookings made here (409 `open_bookings_limit`).",
    params: { page: PAGE },
    body: pageBookingCreateSchema,
    write: true,
    success: { status: 201, schema: 'BookingPageBooking' },
    errors: [409, 429],
    handle: async ({ params, body, ctx, trx }, app) =>
      bookForVisitor(trx, app, await businessOfPage(app, params.page, trx), ctx.state.visitor!, body),
  }),
];
