import type { AppContext } from './app-context.ts';
import { bookingPageOperations } from './booking-page/booking-page.operations.ts';
import { type Operation, operations } from './http/operations.ts';
import { BOOKING_PAGE_INFO, openApiDocument } from './openapi/openapi.ts';

export const BOOKING_PAGE_PREFIX = '/v1/booking-page';

/** The endpoints of the salon's booking page (/book/{page}), without a key: what a client booking needs. */
export const BOOKING_PAGE_OPERATIONS: readonly Operation<AppContext>[] = [
  // Before /:page, whose short names never have a dot.
  operations<AppContext>()({
    operationId: 'getBookingPageOpenApiDocument',
    method: 'GET',
    path: '/openapi.json',
    public: true,
    tag: 'meta',
    summary: 'This document',
    success: { status: 200, schema: 'OpenApiDocument', description: "The OpenAPI 3.1 document of the booking page's endpoints." },
    handle: () => openApiDocument(BOOKING_PAGE_PREFIX, BOOKING_PAGE_OPERATIONS, BOOKING_PAGE_INFO),
  }),
  ...bookingPageOperations,
];
