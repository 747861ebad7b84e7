import { recordAudit } from '../audit/record.ts';
import { DateTime } from 'luxon';
import { findBookingView, type BookingView } from '../bookings/bookings.repository.ts';
import { cancelBooking, rescheduleBooking, type Actor, type BookingsDeps } from '../bookings/bookings.service.ts';
import type { BusinessRow } from '../db/tables.ts';
import type { Db, Tx } from '../db/transaction.ts';
import { errors } from '../http/errors.ts';
import { findAddressState, turnRemindersOff } from '../mail/addresses.repository.ts';
import { visitCalendar } from '../mail/ics.ts';
import { findManageLink } from '../mail/manage-links.ts';
import { salonOf } from '../mail/visit.ts';
import { availabilityRange } from '../slots/availability.ts';
import { LIVE_STATUSES } from '../slots/busy.repository.ts';
import { planOf } from '../slots/service-plan.ts';
import { HOLDS_NOTHING } from '../slots/slot-check.ts';
import { isCalendarDate, localDate, toLocalIso } from '../time/local-time.ts';
import type manageCancelSchema from '../../schema/manage-cancel.ts';
import type manageRescheduleSchema from '../../schema/manage-reschedule.ts';
import type manageSlotsQuerySchema from '../../schema/manage-slots-query.ts';
import type { Valid } from '../http/validate.ts';

/** What this feature uses of the application. */
export type ManageDeps = BookingsDeps;

/** A window of free times to move to: a month, as the booking page's. */
const MAX_RANGE_DAYS = 31;

interface Linked {
  view: BookingView;
  business: BusinessRow;
}

/**
 * The booking a manage link names, while the visit is still to come: unknown tokens are 404, a
 * link whose visit has ended 410 `link_expired` (a link is useless after the visit).
 */
async function linked(db: Db | Tx, app: Pick<ManageDeps, 'clock' | 'directory'>, token: string): Promise<Linked> {
  const link = await findManageLink(db, token);
  const view = link && (await findBookingView(db, link.businessId, link.bookingId));
  if (!link || !view) throw errors.notFound('Visit');
  if (view.end_at <= app.clock.now()) throw errors.gone('link_expired', 'This visit is over, so this link no longer works.');
  const { business } = (await app.directory.get(db, link.businessId))!;
  return { view, business };
}

/** The client, acting on their own visit: bound by every booking rule and hold, as a key is. */
const clientOf = (businessId: number): Actor => ({ businessId, source: 'client', apiKeyId: null, ownBookingsOnly: false });

/** Until when the client may cancel or move the visit themselves, and whether that is still now. */
function changeWindow(view: BookingView, business: BusinessRow, now: number) {
  const until = view.start_at - business.cancel_cutoff_minutes * 60_000;
  return { until, open: LIVE_STATUSES.includes(view.status) && now < until };
}

function assertChangeable({ view, business }: Linked, now: number): void {
  const { until, open } = changeWindow(view, business, now);
  if (!LIVE_STATUSES.includes(view.status))
    throw errors.conflict('invalid_transition', `This visit is ${view.status} and cannot be changed.`);
  if (!open) {
    throw errors.conflict(
      'too_late_to_change',
      `Online changes were possible until ${toLocalIso(until, business.timezone)}; ${business.phone ? `please call the salon: ${business.phone}` : 'please contact the salon'}.`,
    );
  }
}

/** The visit as its client's page shows it: the salon, the visit, and what the client may still do. */
async function visitJson(db: Db | Tx, { view, business }: Linked, now: number) {
  const zone = business.timezone;
  const { until, open } = changeWindow(view, business, now);
  const email = view.booked_email ?? view.client_email;
  const state = email ? await findAddressState(db, business.id, email) : undefined;
  const services = view.services ?? [{ name: view.service_name, start_at: view.start_at, end_at: view.end_at }];
  return {
    salon: {
      name: business.name,
      address: business.address,
      phone: business.phone,
      email: business.email,
      locale: business.page_locale,
      timezone: zone,
    },
    visit: {
      status: view.status,
      startTime: toLocalIso(view.start_at, zone),
      endTime: toLocalIso(view.end_at, zone),
      services: services.map((s) => ({ name: s.name, startTime: toLocalIso(s.start_at, zone), endTime: toLocalIso(s.end_at, zone) })),
      staffName: view.staff_name,
      clientName: view.booked_name ?? view.client_name,
      cancelReason: view.cancel_reason,
    },
    canChange: open,
    changeUntil: toLocalIso(until, zone),
    reminders: email ? (state?.reminders_off_at != null ? ('off' as const) : ('on' as const)) : ('none' as const),
  };
}

export async function manageVisit(app: ManageDeps, token: string) {
  return visitJson(app.db, await linked(app.db, app, token), app.clock.now());
}

export type ManageSlotsQuery = Valid<typeof manageSlotsQuerySchema>;
/** Undefined when the request has no body at all (the operation takes it as optional). */
export type ManageCancelInput = Valid<typeof manageCancelSchema> | undefined;
export type ManageRescheduleInput = Valid<typeof manageRescheduleSchema>;

/** Two weeks unless the page asks for another range. */
const DEFAULT_RANGE_DAYS = 14;

/**
 * Free times the visit could move to, from `from` to `to` (local dates, at most 31 days; by default
 * two weeks from the salon's today, so the page never reads its own clock): the same services with
 * the same staff member, under every rule a booking obeys, the visit's own time free.
 */
export async function manageSlots(app: ManageDeps, token: string, query: ManageSlotsQuery) {
  const { view, business } = await linked(app.db, app, token);
  const now = app.clock.now();
  const from = query.from ?? localDate(now, business.timezone);
  const to =
    query.to ??
    DateTime.fromISO(from, { zone: 'UTC' })
      .plus({ days: DEFAULT_RANGE_DAYS - 1 })
      .toISODate()!;
  for (const [field, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!isCalendarDate(value)) throw errors.validation(`"${field}" must be a real date written YYYY-MM-DD.`, field);
  }
  const days = DateTime.fromISO(to, { zone: 'UTC' }).diff(DateTime.fromISO(from, { zone: 'UTC' }), 'days').days + 1;
  if (days < 1) throw errors.validation('"to" must be on or after "from".', 'to');
  if (days > MAX_RANGE_DAYS) throw errors.validation(`A range covers at most ${MAX_RANGE_DAYS} days.`, 'to');
  const open = changeWindow(view, business, now).open;
  const directory = (await app.directory.get(app.db, business.id))!;
  const serviceIds = view.services ? view.services.map((s) => s.service_id) : [view.service_id];
  const offered = open && serviceIds.every((id) => directory.services.has(id));
  const range = offered
    ? await availabilityRange(
        app.db,
        {
          directory,
          plan: planOf(directory, serviceIds),
          date: from,
          staffId: view.staff_id,
          excludeBookingId: view.id,
          holderKeyId: HOLDS_NOTHING,
          now,
        },
        to,
      )
    : [];
  const zone = business.timezone;
  const data = range.flatMap((day) =>
    day.slots.map((slot) => ({ startTime: toLocalIso(slot.startAt, zone), endTime: toLocalIso(slot.endAt, zone) })),
  );
  return {
    from,
    to,
    timezone: zone,
    days: range.map((day) => ({ date: day.date, total: day.slots.length })),
    data,
    total: data.length,
  };
}

/** The client cancels their visit, with a reason if they give one (booking.cancelled, cancelledBy "client"). */
export async function manageCancel(trx: Tx, app: ManageDeps, token: string, input: ManageCancelInput) {
  const found = await linked(trx, app, token);
  assertChangeable(found, app.clock.now());
  await cancelBooking(trx, app, clientOf(found.business.id), found.view.id, { reason: input?.reason });
  return visitJson(trx, await linked(trx, app, token), app.clock.now());
}

/** The client moves their visit to another free time with the same staff member (booking.rescheduled, rescheduledBy "client"). */
export async function manageReschedule(trx: Tx, app: ManageDeps, token: string, input: ManageRescheduleInput) {
  const found = await linked(trx, app, token);
  assertChangeable(found, app.clock.now());
  await rescheduleBooking(trx, app, clientOf(found.business.id), found.view.id, {
    startTime: input.startTime,
    staffId: found.view.staff_id,
  });
  return visitJson(trx, await linked(trx, app, token), app.clock.now());
}

/** The visit as a calendar file to add to a phone's calendar (the UID of the e-mails' invitations). */
export async function manageCalendar(app: ManageDeps, token: string): Promise<string> {
  const { view, business } = await linked(app.db, app, token);
  const services = view.services ? view.services.map((s) => s.name).join(' + ') : view.service_name;
  return visitCalendar(
    {
      bookingId: view.id,
      status: view.status,
      serviceName: services,
      staffName: view.staff_name,
      startAt: view.start_at,
      endAt: view.end_at,
      clientName: view.booked_name ?? view.client_name,
      email: null,
      cancelReason: view.cancel_reason,
      previousStartAt: null,
      createdAt: view.created_at,
      updatedAt: view.updated_at,
    },
    salonOf(business),
    { method: 'PUBLISH', organizerEmail: null, manageUrl: null, now: app.clock.now() },
  );
}

/**
 * The client wants no more reminders (the reminder's List-Unsubscribe, or the page's button): their
 * address gets none from this salon from now on. Works after the visit too: an old reminder's link
 * still stops the next ones.
 */
export async function manageRemindersOff(trx: Tx, app: ManageDeps, token: string): Promise<{ reminders: 'off' | 'none' }> {
  const link = await findManageLink(trx, token);
  const view = link && (await findBookingView(trx, link.businessId, link.bookingId));
  if (!link || !view) throw errors.notFound('Visit');
  const email = view.booked_email ?? view.client_email;
  if (!email) return { reminders: 'none' };
  await turnRemindersOff(trx, link.businessId, email, app.clock.now());
  const target = { kind: 'client', id: view.client_id };
  await recordAudit(trx, { businessId: link.businessId, action: 'client.reminders_off', target, after: { reminders: 'off' } });
  return { reminders: 'off' };
}
