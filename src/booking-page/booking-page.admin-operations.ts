import bookingPageLogoSchema from '../../schema/booking-page-logo.ts';
import bookingPageUpdateSchema from '../../schema/booking-page-update.ts';
import { BUSINESS, BUSINESS_ID } from '../businesses/business-param.ts';
import { operations } from '../http/operations.ts';
import type { Ctx } from '../http/state.ts';
import { changePageSettings, pageSettings, removePageLogo, setPageLogo, type PageSettingsDeps } from './page-settings.service.ts';

const operation = operations<PageSettingsDeps>();

/** The address the salon's own request came to: where the page is when BOOKING_PUBLIC_URL is not set. */
const addressOf = (ctx: Ctx) => `${ctx.protocol}://${ctx.host}`;

/** The salon's booking page in the back office: its address, embed line and QR code, and its settings. */
export const bookingPageAdminOperations = [
  operation({
    operationId: 'adminGetBookingPage',
    access: 'owner',
    method: 'GET',
    path: `${BUSINESS}/booking-page`,
    tag: 'booking page',
    summary: "The salon's booking page: address, QR code, the line for a website, settings",
    params: { businessId: BUSINESS_ID },
    success: { status: 200, schema: 'BookingPageSettings' },
    handle: ({ params, ctx }, app) => pageSettings(app.db, app.config, params.businessId, addressOf(ctx)),
  }),
  operation({
    operationId: 'adminUpdateBookingPage',
    access: 'owner',
    method: 'PATCH',
    path: `${BUSINESS}/booking-page`,
    tag: 'booking page',
    summary: "Change the booking page: short name, language, colour, cancellation policy, confirming new clients' bookings",
    params: { businessId: BUSINESS_ID },
    body: bookingPageUpdateSchema,
    write: true,
    success: { status: 200, schema: 'BookingPageSettings' },
    errors: [{ status: 409, description: '`page_slug_taken`: another salon of this server has that short name.' }],
    handle: ({ params, body, ctx, trx }, app) => changePageSettings(trx, app, params.businessId, body, addressOf(ctx)),
  }),
  operation({
    operationId: 'adminSetBookingPageLogo',
    access: 'owner',
    method: 'PUT',
    path: `${BUSINESS}/booking-page/logo`,
    tag: 'booking page',
    summary: "Set the booking page's logo (PNG, JPEG or WebP, at most 100 KB)",
    params: { businessId: BUSINESS_ID },
    body: bookingPageLogoSchema,
    write: true,
    success: { status: 200, schema: 'BookingPageSettings' },
    handle: ({ params, body, ctx, trx }, app) => setPageLogo(trx, app, params.businessId, body.image, addressOf(ctx)),
  }),
  operation({
    operationId: 'adminDeleteBookingPageLogo',
    access: 'owner',
    method: 'DELETE',
    path: `${BUSINESS}/booking-page/logo`,
    tag: 'booking page',
    summary: "Remove the booking page's logo",
    params: { businessId: BUSINESS_ID },
    write: true,
    success: { status: 200, schema: 'BookingPageSettings' },
    handle: ({ params, ctx, trx }, app) => removePageLogo(trx, app, params.businessId, addressOf(ctx)),
  }),
];
