import reportQuerySchema from '../../schema/report-query.ts';
import { BUSINESS, BUSINESS_ID } from '../businesses/business-param.ts';
import { operations } from '../http/operations.ts';
import { salonReport, type ReportsDeps } from './reports.service.ts';

const operation = operations<ReportsDeps>();

/** What the owner runs the business by, for a period. */
export const reportAdminOperations = [
  operation({
    operationId: 'adminGetReport',
    access: 'owner',
    method: 'GET',
    path: `${BUSINESS}/report`,
    summary: 'The salon’s figures for a period of local dates',
    description:
      'Takings by payment method and refunds (by when they were recorded); no-shows and late cancellations (cancelled by the client, or an integration acting for them, less than 24 hours before the start) with their value; cancellations by the salon (counted apart, never late); open balances: completed visits with something left to pay and how much (the price less what was taken for the visit, whenever, as a booking’s “Left to pay”: a refund does not make the client owe it again); bookings by source (desk, website: the booking page, integration: an API key), cancelled ones not counted; each staff member’s booked hours ÷ working hours (their hours within opening hours, less breaks, closures and time off, from the day they were added and not on days they were switched off all day); new clients (first visit in the period) and returning ones. Bookings count by their start. Amounts in minor units of `currency`.',
    params: { businessId: BUSINESS_ID },
    query: reportQuerySchema,
    success: { status: 200, schema: 'Report' },
    handle: ({ params, query }, app) => salonReport(app, params.businessId, query),
  }),
];
