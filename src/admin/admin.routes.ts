import Router from '@koa/router';
import type { AppContext } from '../app-context.ts';
import { bookingAdminRoutes } from '../bookings/bookings.admin-routes.ts';
import { businessAdminRoutes } from '../businesses/businesses.admin-routes.ts';
import { clientAdminRoutes } from '../clients/clients.admin-routes.ts';
import type { AppState } from '../http/state.ts';
import { keyAdminRoutes } from '../keys/keys.admin-routes.ts';
import { paymentAdminRoutes } from '../payments/payments.admin-routes.ts';
import { reviewAdminRoutes } from '../reviews/reviews.admin-routes.ts';
import { serviceAdminRoutes } from '../services/services.admin-routes.ts';
import { staffAdminRoutes } from '../staff/staff.admin-routes.ts';
import { webhookAdminRoutes } from '../webhooks/webhooks.admin-routes.ts';
import { statusRoutes } from './status.routes.ts';

export const ADMIN_PREFIX = '/admin/api';

/** The salon's back office (DESIGN.md): every feature's admin routes under /admin/api. */
export function adminRouter(app: AppContext): Router<AppState> {
  const router = new Router<AppState>({ prefix: ADMIN_PREFIX });
  for (const feature of [
    statusRoutes(app),
    businessAdminRoutes(app),
    serviceAdminRoutes(app),
    staffAdminRoutes(app),
    clientAdminRoutes(app),
    bookingAdminRoutes(app),
    reviewAdminRoutes(app),
    paymentAdminRoutes(app),
    keyAdminRoutes(app),
    webhookAdminRoutes(app),
  ]) {
    router.use(feature.routes());
  }
  return router;
}
