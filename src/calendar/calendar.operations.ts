import { Reply, textOf } from '../http/operations.ts';
import { integrationOperations } from '../auth/integration-auth.ts';
import { feedCalendar, type CalendarDeps } from './calendar.service.ts';

const operation = integrationOperations<CalendarDeps>();

/** The calendar feed itself: the secret in the URL is the credential, as calendar apps expect. */
export const calendarOperations = [
  operation({
    operationId: 'getCalendarFeed',
    method: 'GET',
    path: '/calendar/:token',
    public: true,
    tag: 'calendar',
    summary: "A staff member's (or the salon's) bookings as an iCalendar feed, for a phone to subscribe to",
    description:
      'The URL is made by the admin API (POST /admin/api/businesses/{businessId}/calendar-feeds) and is the only credential; revoked or unknown: 404. `text/calendar`: the salon’s VTIMEZONE, then each booking from 30 days ago on with a stable UID, its time in the salon’s zone (TZID) and its services and client name; cancelled bookings and no-shows as STATUS:CANCELLED (the visit did not take place).',
    params: { token: textOf('Calendar feed', /^cal_[A-Za-z0-9_-]{43}$/, { secret: true }) },
    success: { status: 200, description: 'The iCalendar document (text/calendar).' },
    errors: [404],
    handle: async ({ params, ctx }, app) => {
      const { feedId, text } = await feedCalendar(app, params.token);
      // The request log names the feed by its id: the token is the credential.
      ctx.state.logged = { calendarFeedId: feedId };
      return new Reply(200, text, { 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'no-store' });
    },
  }),
];
