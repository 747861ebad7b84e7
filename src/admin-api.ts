import { statusOperations } from './admin/status.operations.ts';
import { backupAdminOperations } from './backups/backups.admin-operations.ts';
import { calendarAdminOperations } from './calendar/calendar.admin-operations.ts';
import { bookingPageAdminOperations } from './booking-page/booking-page.admin-operations.ts';
import { bookingAdminOperations } from './bookings/bookings.admin-operations.ts';
import { businessAdminOperations } from './businesses/businesses.admin-operations.ts';
import { clientAdminOperations } from './clients/clients.admin-operations.ts';
import { clientRightsAdminOperations } from './client-rights/client-rights.admin-operations.ts';
import type { AppContext } from './app-context.ts';
import { inboxAdminOperations } from './inbox/inbox.admin-operations.ts';
import { holdAdminOperations } from './slots/holds.admin-operations.ts';
import { type Operation, operations } from './http/operations.ts';
import { keyAdminOperations } from './keys/keys.admin-operations.ts';
import { mailAdminOperations } from './mail/mail.admin-operations.ts';
import { ADMIN_INFO, openApiDocument } from './openapi/openapi.ts';
import { paymentAdminOperations } from './payments/payments.admin-operations.ts';
import { reportAdminOperations } from './reports/reports.admin-operations.ts';
import { activityAdminOperations } from './activity/activity.admin-operations.ts';
import { reviewAdminOperations } from './reviews/reviews.admin-operations.ts';
import { serviceAdminOperations } from './services/services.admin-operations.ts';
import { staffAdminOperations } from './staff/staff.admin-operations.ts';
import { timeOffAdminOperations } from './time-off/time-off.admin-operations.ts';
import { webhookAdminOperations } from './webhooks/webhooks.admin-operations.ts';
import { passkeyAdminOperations, peopleAdminOperations, sessionAdminOperations } from './people/people.admin-operations.ts';
import { reachabilityAdminOperations } from './reachability/reachability.admin-operations.ts';

export const ADMIN_PREFIX = '/admin/api';

/**
 * The salon's back office (DESIGN.md, docs/admin-api.md): every operation behind a person's session
 * or the admin token, each with the roles it admits (`access`, src/auth/roles.ts).
 */
export const ADMIN_OPERATIONS: readonly Operation<AppContext>[] = [
  ...statusOperations,
  ...sessionAdminOperations,
  ...passkeyAdminOperations,
  ...peopleAdminOperations,
  ...businessAdminOperations,
  ...serviceAdminOperations,
  ...staffAdminOperations,
  ...timeOffAdminOperations,
  ...clientAdminOperations,
  ...clientRightsAdminOperations,
  ...bookingAdminOperations,
  ...holdAdminOperations,
  ...inboxAdminOperations,
  ...reviewAdminOperations,
  ...paymentAdminOperations,
  ...reportAdminOperations,
  ...activityAdminOperations,
  ...keyAdminOperations,
  ...webhookAdminOperations,
  ...calendarAdminOperations,
  ...mailAdminOperations,
  ...backupAdminOperations,
  ...bookingPageAdminOperations,
  ...reachabilityAdminOperations,
  operations<AppContext>()({
    operationId: 'adminGetOpenApiDocument',
    method: 'GET',
    path: '/openapi.json',
    tag: 'meta',
    summary: 'This document',
    access: 'team',
    success: { status: 200, schema: 'OpenApiDocument', description: 'The OpenAPI 3.1 document of the admin API.' },
    handle: () => openApiDocument(ADMIN_PREFIX, ADMIN_OPERATIONS, ADMIN_INFO),
  }),
];
