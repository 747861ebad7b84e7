import { createHash, randomBytes } from 'node:crypto';
import { toIso, utcDay } from '../clock.ts';
import type { Config } from '../config.ts';
import { lockNamed } from '../db/locks.ts';
import type { Db, Tx } from '../db/transaction.ts';
import { AppError, errors } from '../http/errors.ts';
import { localDate, toLocalIso } from '../time/local-time.ts';
import { findClientByEmail, normaliseEmail } from '../clients/clients.repository.ts';
import type { ClientInput } from '../clients/clients.service.ts';
import { createBooking, type BookingActor, type BookingsDeps } from '../bookings/bookings.service.ts';
import { countUpcomingBookings } from '../bookings/bookings.repository.ts';
import type { BookingJson } from '../bookings/booking.presenter.ts';
import { auditHoldReleased, heldServices, holdSlot, type HoldsDeps } from '../slots/holds.service.ts';
import { deleteHold, findHoldByToken } from '../slots/holds.repository.ts';
import { HOLDS_NOTHING } from '../slots/slot-check.ts';
import { freeTimes, type SlotsQuery } from '../slots/free-times.ts';
import type { Directory } from '../businesses/directory.ts';
import { messagesOfBooking } from '../mail/sql/messages-of-booking.ts';
import { bookingsFromAddress, countBookingFromAddress, findPageKey, insertPageKey, logoVersion } from './booking-page.repository.ts';
import type pageBookingCreateSchema from '../../schema/page-booking-create.ts';
import type pageHoldCreateSchema from '../../schema/page-hold-create.ts';
import type { Valid } from '../http/validate.ts';

/** What the booking page's endpoints use of the application. */
export type BookingPageDeps = BookingsDeps & HoldsDeps & { readonly config: Config };

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export type PageHoldInput = Valid<typeof pageHoldCreateSchema>;

export type PageBookingInput = Valid<typeof pageBookingCreateSchema>;

/** The business's directory; the page's parameter has checked that it exists. */
async function directoryOf(
  app: { readonly db: Db | Tx; readonly directory: BookingPageDeps['directory'] },
  businessId: number,
): Promise<Directory> {
  return (await app.directory.get(app.db, businessId))!;
}

/**
 * What the page shows before anyone books: the salon (name, contact, language, colour, policy),
 * the services that can be booked now and who does them, and the rules a client books under. Only
 * what a client may see: no staff contact details, nothing of other clients.
 */
export async function pageOf(app: BookingPageDeps, businessId: number) {
  const directory = await directoryOf(app, businessId);
  const { business } = directory;
  const staff = directory.staff.filter((s) => s.active);
  const services = [...directory.services.values()].filter((s) => s.active === 1 && staff.some((m) => m.serviceIds.has(s.id)));
  const offered = new Set(services.map((s) => s.id));
  const logo = await logoVersion(app.db, businessId);
  return {
    slug: business.page_slug!,
    name: business.name,
    address: business.address,
    phone: business.phone,
    email: business.email,
    website: business.website,
    timezone: business.timezone,
    locale: business.page_locale,
    localeChosen: business.page_locale_chosen === 1,
    accentColor: business.page_accent_color,
    logoVersion: logo === undefined ? null : String(logo),
    cancellationPolicy: business.page_policy,
    confirmsNewClients: business.page_confirm_new_clients === 1,
    today: localDate(app.clock.now(), business.timezone),
    minNoticeMinutes: business.min_notice_minutes,
    horizonDays: business.horizon_days,
    holdMinutes: app.config.holdMinutes,
    services: services.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      durationMinutes: s.duration_minutes,
      price: s.price,
      currency: s.currency,
    })),
    staff: staff
      .filter((s) => [...s.serviceIds].some((id) => offered.has(id)))
      .map((s) => ({
        id: s.id,
        name: s.name,
        title: s.title,
        serviceIds: [...s.serviceIds].filter((id) => offered.has(id)).sort((a, b) => a - b),
      })),
  };
}

/** The free times a client of the page may book: the client's rules, every hold taking its time. */
export async function pageFreeTimes(app: BookingPageDeps, businessId: number, query: SlotsQuery) {
  return freeTimes(app, businessId, query, HOLDS_NOTHING);
}

/**
 * The page's own key of the business, made the first time it is needed: the page's holds and
 * bookings are stored under it, so the salon's calendar names them "Booking page" and every rule of
 * a key that books holds for them.
 */
async function pageKeyOf(trx: Tx, businessId: number, now: number): Promise<number> {
  const found = await findPageKey(trx, businessId);
  if (found !== undefined) return found;
  await lockNamed(trx, `booking page key of business ${businessId}`);
  return (await findPageKey(trx, businessId)) ?? insertPageKey(trx, businessId, now);
}

/**
 * Holds a time for a visitor of the page while they type their details. The visitor's address may
 * hold `config.pageHoldsPerAddress` times at once (409 hold_limit_reached); the page's key has no
 * cap of its own (its visitors share it). The answer carries the token only this visitor has: it
 * books or releases the hold, and is stored hashed.
 */
export async function holdForVisitor(trx: Tx, app: BookingPageDeps, businessId: number, visitor: string, input: PageHoldInput) {
  const now = app.clock.now();
  const token = `hold_${randomBytes(32).toString('base64url')}`;
  const apiKeyId = await pageKeyOf(trx, businessId, now);
  const { row, zone } = await holdSlot(
    trx,
    app,
    {
      businessId,
      apiKeyId,
      holderKeyId: HOLDS_NOTHING,
      quotas: [{ holder: { kind: 'address', address: visitor }, limit: app.config.pageHoldsPerAddress }],
      address: visitor,
      tokenHash: tokenHash(token),
    },
    { serviceIds: input.serviceIds, staffId: input.staffId, startTime: input.startTime },
  );
  const directory = await directoryOf({ db: trx, directory: app.directory }, businessId);
  return {
    token,
    serviceIds: heldServices(row),
    staffId: row.staff_id,
    staffName: directory.staff.find((s) => s.id === row.staff_id)!.name,
    startTime: toLocalIso(row.start_at, zone),
    endTime: toLocalIso(row.end_at, zone),
    expiresAt: toIso(row.expires_at),
    expiresInSeconds: Math.round((row.expires_at - now) / 1000),
  };
}

/** Gives a visitor's held time back (the client chose another, or left). */
export async function releaseVisitorHold(trx: Tx, businessId: number, token: string): Promise<void> {
  const hold = await findHoldByToken(trx, businessId, tokenHash(token));
  if (!hold) throw errors.notFound('Hold');
  await deleteHold(trx, hold.id);
  await auditHoldReleased(trx, hold);
}

/**
 * Books the time a visitor holds, for the client they name. Before it, the page's limits: bookings
 * per client address and UTC day (`config.pageBookingsPerDay`, 429) and upcoming bookings made on
 * the page per e-mail address (`config.pageOpenBookingsPerEmail`, 409), each counted under a lock
 * of its own that only these transactions take. Then the booking as a widget key makes it, the
 * hold taking its place; it starts confirmed, or pending for a client the salon has not seen when
 * the salon confirms new clients itself.
 */
export async function bookForVisitor(trx: Tx, app: BookingPageDeps, businessId: number, visitor: string, input: PageBookingInput) {
  const now = app.clock.now();
  const hold = await findHoldByToken(trx, businessId, tokenHash(input.holdToken));
  if (!hold) throw errors.notFound('Hold');
  const day = utcDay(now);
  await lockNamed(trx, `booking page bookings of address ${visitor}`);
  const made = await bookingsFromAddress(trx, visitor, day);
  if (made >= app.config.pageBookingsPerDay) throw tooManyBookings(app.config.pageBookingsPerDay, now);
  await assertFewerOpenBookings(trx, app, businessId, hold.api_key_id, input.client.email, now);

  const directory = await directoryOf({ db: trx, directory: app.directory }, businessId);
  const actor: BookingActor = {
    businessId,
    source: 'integration',
    apiKeyId: hold.api_key_id,
    ownBookingsOnly: true,
    sharesHolds: true,
    startsAs: directory.business.page_confirm_new_clients === 1 ? 'confirmed-if-known' : 'confirmed',
  };
  const client: ClientInput = { name: input.client.name, email: input.client.email, phone: input.client.phone ?? null };
  const { body } = await createBooking(trx, app, actor, {
    serviceIds: heldServices(hold),
    staffId: hold.staff_id,
    startTime: toIso(hold.start_at),
    client,
    notes: input.notes,
    holdId: hold.id,
  });
  await countBookingFromAddress(trx, visitor, day);
  const booking = body as BookingJson;
  return {
    status: booking.status as 'pending' | 'confirmed',
    emailed: await clientIsEmailed(trx, booking.id),
    serviceName: booking.serviceName,
    staffName: booking.staffName,
    startTime: booking.startTime,
    endTime: booking.endTime,
    durationMinutes: booking.durationMinutes,
    price: booking.price,
    currency: booking.currency,
    client: booking.bookedAs,
  };
}

/**
 * Whether the client hears of the booking by e-mail: its message was queued, not kept as skipped
 * (no mail server, an address refused before), in the transaction that made the booking.
 */
async function clientIsEmailed(trx: Tx, bookingId: number): Promise<boolean> {
  const messages = [...(await messagesOfBooking(trx, bookingId)).values()].flat();
  return messages.some((message) => message.status !== 'skipped');
}

async function assertFewerOpenBookings(trx: Tx, app: BookingPageDeps, businessId: number, pageKeyId: number, email: string, now: number) {
  const limit = app.config.pageOpenBookingsPerEmail;
  await lockNamed(trx, `booking page bookings of ${businessId} ${normaliseEmail(email)}`);
  const client = await findClientByEmail(trx, businessId, email);
  if (!client || (await countUpcomingBookings(trx, pageKeyId, client.id, now)) < limit) return;
  throw errors.conflict(
    'open_bookings_limit',
    `This e-mail address already has ${limit} upcoming ${limit === 1 ? 'booking' : 'bookings'} made on the booking page, the most it may have. To book more, call the salon.`,
  );
}

function tooManyBookings(limit: number, now: number): AppError {
  const retryAfter = Math.max(1, Math.ceil((Date.parse(`${utcDay(now)}T00:00:00Z`) + 86_400_000 - now) / 1000));
  return new AppError(
    429,
    'too_many_bookings',
    `This address has made ${limit} bookings on the booking page today, the most it may. Call the salon to book more, or try again tomorrow.`,
    { retryAfter },
    { 'Retry-After': String(retryAfter) },
  );
}
