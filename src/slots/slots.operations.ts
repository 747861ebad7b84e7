import slotsQuerySchema from '../../schema/slots-query.ts';
import { integrationOperations } from '../auth/integration-auth.ts';
import { freeTimes, type FreeTimesDeps } from './free-times.ts';

const operation = integrationOperations<FreeTimesDeps>();

/** GET /slots (slots:read): the free start times a widget offers, on a date or over up to 31 days. */
export const slotOperations = [
  operation({
    operationId: 'listSlots',
    method: 'GET',
    path: '/slots',
    scope: 'slots:read',
    summary: 'Free start times for a service on a date, or over a range of up to 31 days',
    description:
      "Computed from staff working hours and breaks within opening hours, the service duration and existing bookings, in the business's time zone (DST days included), within the salon's booking rules (minimum notice, horizon: dates beyond it have no slots), outside time off and closures, with the service's buffers kept free. Give `date`, or `from` and `to` (at most 31 days; the answer then has `days` with each date's count). Book one with POST /bookings.",
    query: slotsQuerySchema,
    success: { status: 200, schema: 'Slots' },
    errors: [404],
    handle: ({ key, query }, app) => freeTimes(app, key.businessId, query, key.id),
  }),
];
