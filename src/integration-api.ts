import { bookingOperations } from './bookings/bookings.operations.ts';
import { businessOperations } from './businesses/business.operations.ts';
import { calendarOperations } from './calendar/calendar.operations.ts';
import { holdOperations } from './slots/holds.operations.ts';
import { manageOperations } from './manage/manage.operations.ts';
import type { AppContext } from './app-context.ts';
import { type Operation, operations } from './http/operations.ts';
import { openApiDocument } from './openapi/openapi.ts';
import { reviewOperations } from './reviews/reviews.operations.ts';
import { serviceOperations } from './services/services.operations.ts';
import { slotOperations } from './slots/slots.operations.ts';
import { staffOperations } from './staff/staff.operations.ts';
import { webhookOperations } from './webhooks/webhooks.operations.ts';

export const INTEGRATION_PREFIX = '/v1/integration';

/** Every operation of the integration API (spec sections 3-5), in the order the document lists them. */
export const INTEGRATION_OPERATIONS: readonly Operation<AppContext>[] = [
  ...businessOperations,
  ...serviceOperations,
  ...staffOperations,
  ...slotOperations,
  ...holdOperations,
  ...bookingOperations,
  ...reviewOperations,
  ...webhookOperations,
  ...calendarOperations,
  ...manageOperations,
  // The document describes the API to anyone about to get a key, so it needs none.
  operations<AppContext>()({
    operationId: 'getOpenApiDocument',
    method: 'GET',
    path: '/openapi.json',
    public: true,
    tag: 'meta',
    summary: 'This document',
    success: { status: 200, schema: 'OpenApiDocument', description: 'The OpenAPI 3.1 document of this API.' },
    handle: () => openApiDocument(INTEGRATION_PREFIX, INTEGRATION_OPERATIONS),
  }),
];
