import manageCancelSchema from '../../schema/manage-cancel.ts';
import manageRescheduleSchema from '../../schema/manage-reschedule.ts';
import manageSlotsQuerySchema from '../../schema/manage-slots-query.ts';
import { integrationOperations } from '../auth/integration-auth.ts';
import type { Actor } from '../db/writer.ts';
import { Reply, textOf } from '../http/operations.ts';
import { MANAGE_TOKEN } from '../mail/manage-links.ts';
import {
  manageCalendar,
  manageCancel,
  manageRemindersOff,
  manageReschedule,
  manageSlots,
  manageVisit,
  type ManageDeps,
} from './manage.service.ts';

const operation = integrationOperations<ManageDeps>();

/** Who a manage link's changes are made for: the client whose visit it is. */
const MANAGE_LINK_CLIENT: Actor = { kind: 'client', id: null, label: 'Client (manage link)' };

/** The client's page: /manage/<token> (?reminders=stop where a reminder's "No more reminders" leads). */
export const MANAGE_PAGE = { pattern: /^\/manage\/mng_[A-Za-z0-9_-]{43}$/, file: '/manage/index.html' };
/** Where the page's path carries the token, for the request log. */
export const MANAGE_PAGE_SECRET = { prefix: '/manage/mng_', name: 'token' };

/** The token of a manage link: the credential, logged by its name only. */
const params = { token: textOf('Visit', MANAGE_TOKEN, { secret: true }) };
const TOKEN_NOTE =
  "The token comes from the link in the client's e-mails (`/manage/{token}`) and is the only credential: unknown, 404; once the visit has ended, 410 `link_expired`.";

/**
 * What the client's own page (`/manage/{token}`, the link in their e-mails) calls: see the visit,
 * move or cancel it within the salon's rules, put it in a calendar, stop reminders. No API key:
 * the token in the path is the credential, as for calendar feeds.
 */
export const manageOperations = [
  operation({
    operationId: 'getManagedVisit',
    method: 'GET',
    path: '/manage/:token',
    public: true,
    tag: 'manage',
    summary: 'A client sees their visit: the salon, the visit, and whether they may still change it',
    description: `${TOKEN_NOTE} \`canChange\`: a live visit before the salon's cut-off (\`changeUntil\`); after it, the page gives the salon's phone.`,
    params,
    success: { status: 200, schema: 'ManagedVisit' },
    errors: [404, 410],
    handle: ({ params }, app) => manageVisit(app, params.token),
  }),
  operation({
    operationId: 'listManagedVisitSlots',
    method: 'GET',
    path: '/manage/:token/slots',
    public: true,
    tag: 'manage',
    summary: 'Free times the client could move their visit to, with the same staff member',
    description: `${TOKEN_NOTE} The same rules as GET /slots (notice, horizon, holds, buffers), the visit's own time free; none once \`canChange\` is false.`,
    params,
    query: manageSlotsQuerySchema,
    success: { status: 200, schema: 'ManagedVisitSlots' },
    errors: [404, 410],
    handle: ({ params, query }, app) => manageSlots(app, params.token, query),
  }),
  operation({
    operationId: 'cancelManagedVisit',
    method: 'POST',
    path: '/manage/:token/cancel',
    public: true,
    tag: 'manage',
    summary: 'A client cancels their visit (booking.cancelled, cancelledBy "client")',
    description: `${TOKEN_NOTE} 409 \`too_late_to_change\` after the salon's cut-off (the message gives its phone), \`invalid_transition\` for a visit no longer live.`,
    params,
    body: manageCancelSchema,
    bodyOptional: true,
    write: true,
    actor: MANAGE_LINK_CLIENT,
    success: { status: 200, schema: 'ManagedVisit' },
    errors: [404, 409, 410],
    handle: ({ params, body, trx }, app) => manageCancel(trx, app, params.token, body),
  }),
  operation({
    operationId: 'rescheduleManagedVisit',
    method: 'POST',
    path: '/manage/:token/reschedule',
    public: true,
    tag: 'manage',
    summary: 'A client moves their visit to another free time (booking.rescheduled, rescheduledBy "client")',
    description: `${TOKEN_NOTE} 409 \`too_late_to_change\` after the salon's cut-off; \`slot_unavailable\`, \`too_short_notice\`, \`beyond_horizon\` as for POST /bookings.`,
    params,
    body: manageRescheduleSchema,
    write: true,
    actor: MANAGE_LINK_CLIENT,
    success: { status: 200, schema: 'ManagedVisit' },
    errors: [404, 409, 410],
    handle: ({ params, body, trx }, app) => manageReschedule(trx, app, params.token, body),
  }),
  operation({
    operationId: 'getManagedVisitCalendar',
    method: 'GET',
    path: '/manage/:token/calendar.ics',
    public: true,
    tag: 'manage',
    summary: 'The visit as an iCalendar file, to add to a calendar',
    description: `${TOKEN_NOTE} \`text/calendar\`, one event with the UID of the invitations in the client's e-mails.`,
    params,
    success: { status: 200, description: 'The iCalendar file (text/calendar).' },
    errors: [404, 410],
    handle: async ({ params }, app) =>
      new Reply(200, await manageCalendar(app, params.token), {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'attachment; filename="appointment.ics"',
      }),
  }),
  operation({
    operationId: 'stopVisitReminders',
    method: 'POST',
    path: '/manage/:token/unsubscribe',
    public: true,
    tag: 'manage',
    summary: "No more reminders to the client's address (a reminder's List-Unsubscribe, one click)",
    description:
      'The List-Unsubscribe-Post of RFC 8058: any body is accepted (mail programs send `List-Unsubscribe=One-Click`). Works after the visit too. `reminders` is `none` when the visit has no e-mail address.',
    params,
    write: true,
    actor: MANAGE_LINK_CLIENT,
    success: { status: 200, schema: 'RemindersState' },
    errors: [404],
    handle: ({ params, trx }, app) => manageRemindersOff(trx, app, params.token),
  }),
  operation({
    operationId: 'openVisitReminders',
    method: 'GET',
    path: '/manage/:token/unsubscribe',
    public: true,
    tag: 'manage',
    summary: "The List-Unsubscribe address opened in a browser: on to the client's page, which asks first",
    params,
    success: {
      status: 303,
      description: "To the client's page, `/manage/{token}?reminders=stop`, which asks before it stops reminders.",
      headers: ['Location'],
    },
    // Relative, so it still lands on the page when the server is reached under a path of another address.
    handle: ({ params }) => new Reply(303, '', { Location: `../../../../manage/${params.token}?reminders=stop` }),
  }),
];
