import feedCreateSchema from '../../schema/calendar-feed-create.ts';
import { BUSINESS, BUSINESS_ID } from '../businesses/business-param.ts';
import { idOf, operations } from '../http/operations.ts';
import { createFeed, listBusinessFeeds, revokeBusinessFeed, type CalendarDeps } from './calendar.service.ts';

const operation = operations<CalendarDeps>();

const params = { businessId: BUSINESS_ID };

/** Calendar feeds: made, listed and revoked by the salon; the URL is shown once. */
export const calendarAdminOperations = [
  operation({
    operationId: 'adminListCalendarFeeds',
    access: 'owner',
    method: 'GET',
    path: `${BUSINESS}/calendar-feeds`,
    summary: 'Calendar feeds, without their secret URLs',
    params,
    success: { status: 200, schema: 'CalendarFeedList' },
    handle: ({ params }, app) => listBusinessFeeds(app, params.businessId),
  }),
  operation({
    operationId: 'adminCreateCalendarFeed',
    access: 'owner',
    method: 'POST',
    path: `${BUSINESS}/calendar-feeds`,
    summary: "A secret iCalendar URL for one staff member's bookings (staffId) or the salon's; shown in this answer only",
    params,
    body: feedCreateSchema,
    bodyOptional: true,
    success: { status: 201, schema: 'CalendarFeedWithUrl' },
    write: true,
    handle: ({ params, body, trx }, app) => createFeed(trx, app, params.businessId, body ?? {}),
  }),
  operation({
    operationId: 'adminRevokeCalendarFeed',
    access: 'owner',
    method: 'POST',
    path: `${BUSINESS}/calendar-feeds/:id/revoke`,
    summary: 'Stop a feed URL at once',
    params: { ...params, id: idOf('Calendar feed') },
    success: { status: 200, schema: 'CalendarFeed' },
    write: true,
    handle: ({ params, trx }, app) => revokeBusinessFeed(trx, app, params.businessId, params.id),
  }),
];
