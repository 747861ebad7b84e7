import { recordAudits, type AuditChange } from '../audit/record.ts';
import type adminBookingCreateSchema from '../../schema/admin-booking-create.ts';
import type adminBookingCancelSchema from '../../schema/admin-booking-cancel.ts';
import type bookingCancelSchema from '../../schema/booking-cancel.ts';
import type bookingCreateSchema from '../../schema/booking-create.ts';
import type bookingRescheduleSchema from '../../schema/booking-reschedule.ts';
import type bookingsQuerySchema from '../../schema/bookings-query.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/transaction.ts';
import type { BusinessDirectory } from '../businesses/directory.ts';
import type { Outbox } from '../delivery/outbox.ts';
import { findBusiness } from '../businesses/businesses.repository.ts';
import { isCalendarDate, localDayBounds, toLocalIso } from '../time/local-time.ts';
import { clientForBooking } from '../clients/clients.service.ts';
import { findClient } from '../clients/clients.repository.ts';
import type { BookingServiceRow, BookingStatus, BusinessRow, ClientCheck } from '../db/tables.ts';
import type { Tx } from '../db/transaction.ts';
import { inOneStatement } from '../db/write-batch.ts';
import { errors } from '../http/errors.ts';
import type { Either, Valid } from '../http/validate.ts';
import { consumeHold } from '../slots/holds.service.ts';
import { clearHoldsForSalon } from '../slots/salon-holds.service.ts';
import { planOf, serviceIdsOf, type ServicePlan } from '../slots/service-plan.ts';
import { lockStaffMember, staffLock } from '../slots/busy.repository.ts';
import { claimSlot, HOLDS_NOTHING, slotTaken } from '../slots/slot-check.ts';
import type { EventName } from '../delivery/events.ts';
import { bookedVia, type BookedVia } from './booked-via.ts';
import { bookingEventData, toBookingJson, type BookingJson, type ClientView } from './booking.presenter.ts';
import {
  countBookings,
  findBookingView,
  keyKinds,
  hasSeenClient,
  insertBooking,
  insertBookingServices,
  shiftBookingServices,
  pageBookings,
  updateBookingIf,
  type BookingFilter,
  type BookingView,
} from './bookings.repository.ts';
import { once, type StoredResponse } from './idempotency.ts';
import { refusalMessage, RESCHEDULABLE, TRANSITIONS, type TransitionName } from './transitions.ts';

/** What this feature uses of the application. */
export type BookingsDeps = { readonly db: Db; readonly clock: Clock; readonly outbox: Outbox; readonly directory: BusinessDirectory };
type Deps = BookingsDeps;

/**
 * Who acts: an API key of a business, the salon through the admin API, or the client on the page
 * their e-mails link to (cancel and move only).
 */
export interface Actor {
  businessId: number;
  source: 'integration' | 'admin' | 'client';
  apiKeyId: number | null;
  /**
   * A key that may write but not read bookings sees and cancels only the bookings it made, and sees
   * their client only as it sent them.
   */
  ownBookingsOnly: boolean;
  /**
   * How its bookings start; by default `confirmed` for the salon and `pending` (the salon confirms)
   * for a key. `confirmed-if-known`: confirmed for a client the salon has seen (hasSeenClient) whose
   * details match the record, pending for anyone else (the booking page, when the salon confirms
   * new clients itself).
   */
  startsAs?: 'pending' | 'confirmed' | 'confirmed-if-known';
  /**
   * Its key's holds belong to different people (the booking page's visitors), so none of them
   * leaves time free for it: every live hold takes its time (HOLDS_NOTHING).
   */
  sharesHolds?: boolean;
}

/** Who may book: a key or the salon (a client books through one of them). */
export type BookingActor = Actor & { source: 'integration' | 'admin' };

const clientViewOf = (actor: Actor): ClientView => (actor.ownBookingsOnly ? 'as-booked' : 'record');

/** Who made a change, as the events say it (`cancelledBy`, `rescheduledBy`). */
const BY = { admin: 'salon', integration: 'integration', client: 'client' } as const;

/** A booking as an API key asks for it (schema/booking-create.ts) or the salon does (schema/admin-booking-create.ts). */
export type BookingInput = Either<Valid<typeof bookingCreateSchema>, Valid<typeof adminBookingCreateSchema>>;
export type BookingsQuery = Valid<typeof bookingsQuerySchema>;
/** Null or undefined when the request has no body at all (the operations take it as optional). */
export type CancelInput =
  | Either<NonNullable<Valid<typeof bookingCancelSchema>>, NonNullable<Valid<typeof adminBookingCancelSchema>>>
  | null
  | undefined;
export type RescheduleInput = Valid<typeof bookingRescheduleSchema>;

/**
 * Books a free slot. Integration bookings start `pending` (the salon confirms them); the salon's
 * own start `confirmed`; the booking page's as Actor.startsAs says. booking.created (and client.created for a new client) commit with it.
 * With an Idempotency-Key, a repeat of the same request returns the first answer.
 */
export async function createBooking(
  trx: Tx,
  app: Deps,
  actor: BookingActor,
  input: BookingInput,
  idempotency: { key: string | undefined; fingerprint: string } = { key: undefined, fingerprint: '' },
): Promise<StoredResponse> {
  if ((input.client === undefined) === (input.clientId === undefined)) {
    throw errors.validation('Give either "clientId" or "client", not both.', 'client');
  }
  const now = app.clock.now();
  return once(trx, { apiKeyId: actor.apiKeyId ?? 0, key: idempotency.key, fingerprint: idempotency.fingerprint, now }, async () => ({
    status: 201,
    body: await insertNewBooking(trx, app, actor, input, now),
  }));
}

/** A new client needs a phone number or an e-mail address, except at a desk that books walk-ins by name (deskContactRequired). */
function assertReachable(business: BusinessRow, actor: BookingActor, input: BookingInput): void {
  if (!input.client || input.client.email || input.client.phone) return;
  if (actor.source === 'admin' && business.desk_contact_required === 0) return;
  throw errors.validation('"client" needs an e-mail address or a phone number, so the salon can reach them.', 'client');
}

async function insertNewBooking(trx: Tx, app: Deps, actor: BookingActor, input: BookingInput, now: number): Promise<BookingJson> {
  const directory = (await app.directory.get(trx, actor.businessId))!;
  const { business } = directory;
  assertReachable(business, actor, input);
  const plan = planOf(directory, serviceIdsOf(input));
  const service = plan.services[0]!.service;
  if (input.staffId !== undefined && !directory.staff.some((s) => s.id === input.staffId)) throw errors.notFound('Staff member');
  const client = input.clientId !== undefined ? await findClient(trx, actor.businessId, input.clientId) : undefined;
  if (input.clientId !== undefined && !client) throw errors.notFound('Client');

  const startAt = Date.parse(input.startTime);
  let held = input.staffId;
  if (input.holdId !== undefined) {
    held = await consumeHold(trx, actor.apiKeyId, input.holdId, { serviceIds: plan.serviceIds, startAt, staffId: input.staffId, now });
  } else if (actor.source === 'admin') {
    held = await clearHoldsForSalon(
      trx,
      { directory, plan, startAt, staffId: input.staffId, now },
      input.overrideHold ? 'book anyway' : 'book',
    );
  }
  // The staff member's lock comes before anything is written (busy.repository.ts, lockStaffMember);
  // for a new client it goes with the client's lock, in one statement.
  const { staffId } = await claimSlot(trx, { directory, plan, startAt, staffId: held, holderKeyId: holderOf(actor), now, lockLater: true });
  if (client) await lockStaffMember(trx, staffId);

  // On PostgreSQL a new client's client.created, booking.created (when no webhook hears them), the
  // reminder, the client's message and the audit entries go in one statement, after the booking's row.
  return inOneStatement(trx, async () => {
    const {
      client: bookedFor,
      check,
      created,
    } = client
      ? { client, check: null, created: null }
      : await clientForBooking(trx, app.outbox, actor.businessId, input.client!, now, business.phone_country, staffLock(staffId));
    const status = await startingStatus(trx, actor, bookedFor.id, check);
    // What the booking gave, kept beside the record it is on: a known client's record never changes.
    const given = input.client ?? bookedFor;
    const row = {
      business_id: actor.businessId,
      service_id: service.id,
      staff_id: staffId,
      client_id: bookedFor.id,
      status,
      start_at: startAt,
      end_at: startAt + plan.durationMinutes * 60_000,
      buffer_before_minutes: plan.bufferBeforeMinutes,
      buffer_after_minutes: plan.bufferAfterMinutes,
      service_count: plan.services.length,
      price: plan.price,
      currency: plan.currency,
      notes: input.notes ?? '',
      source: actor.source,
      api_key_id: actor.apiKeyId,
      cancel_reason: null,
      cancelled_by: null,
      booked_name: given.name.trim(),
      booked_email: given.email?.trim() || null,
      booked_phone: given.phone?.trim() || null,
      client_check: check,
      created_at: now,
      updated_at: now,
    };
    const id = await insertBooking(trx, row).catch(slotTaken);
    const services = plan.services.length > 1 ? servicesOfPlan(id, plan, startAt) : undefined;
    if (services) await insertBookingServices(trx, services);
    // Everything the view holds is at hand: no need to read it back through a five-table join.
    const view: BookingView = {
      ...row,
      id,
      services,
      service_name: service.name,
      staff_name: directory.staff.find((s) => s.id === staffId)!.name,
      client_name: bookedFor.name,
      client_email: bookedFor.email,
      client_phone: bookedFor.phone,
      timezone: business.timezone,
    };
    await emitBookingEvent(trx, app, 'booking.created', view);
    await auditBooking(trx, 'booking.created', null, view, created);
    return toBookingJson(view, clientViewOf(actor));
  });
}

/**
 * Whose holds leave time free for the actor (claimSlot's holderKeyId): a key's own; the salon's
 * desk (null) is bound by every hold but not by the minimum notice; the booking page's visitors and
 * a client on their manage page hold nothing of their own, and every booking rule binds them.
 */
function holderOf(actor: Actor): number | null {
  return actor.sharesHolds || actor.source === 'client' ? HOLDS_NOTHING : actor.apiKeyId;
}

/** How a new booking of `actor` for this client starts (Actor.startsAs). */
async function startingStatus(trx: Tx, actor: Actor, clientId: number, check: ClientCheck | null): Promise<BookingStatus> {
  const startsAs = actor.startsAs ?? (actor.source === 'admin' ? 'confirmed' : 'pending');
  if (startsAs !== 'confirmed-if-known') return startsAs;
  return check === null && (await hasSeenClient(trx, clientId)) ? 'confirmed' : 'pending';
}

/**
 * Records a booking.* event: its data with the client record, and, for the webhooks of the key
 * that made the booking when it may not read bookings, with the client as booked.
 */
export async function emitBookingEvent(
  trx: Tx,
  app: Pick<Deps, 'outbox'>,
  event: EventName,
  view: BookingView,
  extra: Record<string, unknown> = {},
) {
  await app.outbox.emitEvent(
    trx,
    view.business_id,
    event,
    { ...bookingEventData(view), ...extra },
    {
      madeByKeyId: view.api_key_id,
      asBooked: () => ({ ...bookingEventData(view, 'as-booked'), ...extra }),
    },
  );
}

/**
 * Records a booking's change in the audit trail: what the salon reads of it (status, time, staff
 * member, client record, cancellation), the client by id only, so an erasure leaves nothing of
 * them here. A change made before it in the same request (`first`: the new client of a booking)
 * is recorded ahead of it, in the same statement.
 */
export async function auditBooking(
  trx: Tx,
  action: string,
  before: BookingView | null,
  after: BookingView,
  first: AuditChange | null = null,
): Promise<void> {
  const change: AuditChange = {
    businessId: after.business_id,
    action,
    target: { kind: 'booking', id: after.id },
    before: before && bookingFields(before),
    after: bookingFields(after),
  };
  await recordAudits(trx, first ? [first, change] : [change]);
}

function bookingFields(view: BookingView) {
  return {
    status: view.status,
    startTime: toLocalIso(view.start_at, view.timezone),
    endTime: toLocalIso(view.end_at, view.timezone),
    staffId: view.staff_id,
    staffName: view.staff_name,
    clientId: view.client_id,
    clientCheck: view.client_check,
    cancelReason: view.cancel_reason,
  };
}

/** The rows of booking_services for a visit of several services starting at `startAt`. */
function servicesOfPlan(bookingId: number, plan: ServicePlan, startAt: number): BookingServiceRow[] {
  return plan.services.map(({ service, offsetMinutes }, position) => ({
    booking_id: bookingId,
    position,
    service_id: service.id,
    name: service.name,
    start_at: startAt + offsetMinutes * 60_000,
    end_at: startAt + (offsetMinutes + service.duration_minutes) * 60_000,
    price: service.price,
  }));
}

/** Cancels a live booking (booking.cancelled); a reason is optional. */
export async function cancelBooking(
  trx: Tx,
  app: Deps,
  actor: Actor,
  id: number,
  input: CancelInput,
  idempotency: { key: string | undefined; fingerprint: string } = { key: undefined, fingerprint: '' },
): Promise<StoredResponse> {
  const reason = input?.reason?.trim() || null;
  // The salon may say the client asked (by phone, at the desk): the client cancelled, the salon recorded it.
  const by = actor.source === 'admin' && input?.cancelledBy === 'client' ? 'client' : BY[actor.source];
  const now = app.clock.now();
  return once(trx, { apiKeyId: actor.apiKeyId ?? 0, key: idempotency.key, fingerprint: idempotency.fingerprint, now }, async () => ({
    status: 200,
    body: await move(trx, app, actor, id, 'cancel', { reason, by }),
  }));
}

/** confirm, complete or no-show, as the salon does them. */
export async function transitionBooking(trx: Tx, app: Deps, actor: Actor, id: number, name: Exclude<TransitionName, 'cancel'>) {
  return move(trx, app, actor, id, name);
}

async function move(
  trx: Tx,
  app: Deps,
  actor: Actor,
  id: number,
  name: TransitionName,
  cancel?: { reason: string | null; by: (typeof BY)[keyof typeof BY] },
): Promise<BookingJson> {
  const view = await visibleBooking(trx, actor, id);
  const transition = TRANSITIONS[name];
  if (!transition.from.includes(view.status)) throw errors.invalidTransition(refusalMessage(name, view.status), name, view.status);
  const now = app.clock.now();
  if (transition.onlyAfterStart && now < view.start_at) {
    throw errors.conflict(
      'booking_not_started',
      `This booking starts at ${toLocalIso(view.start_at, view.timezone)}; it can be marked ${transition.to.replace('_', '-')} once it has started.`,
    );
  }
  const cancelledBy = cancel?.by ?? BY[actor.source];
  await updateBookingIf(trx, id, transition.from, {
    status: transition.to,
    updated_at: now,
    ...(cancel ? { cancel_reason: cancel.reason, cancelled_by: cancelledBy } : {}),
  });
  const after = (await findBookingView(trx, actor.businessId, id))!;
  const extra = cancel ? { cancelReason: cancel.reason, cancelledBy } : {};
  await emitBookingEvent(trx, app, transition.event, after, extra);
  await auditBooking(trx, transition.event, view, after);
  return toBookingJson(after, clientViewOf(actor));
}

/**
 * Moves a live booking to another free time (and staff member): booking.rescheduled. The same
 * rules, holds and idempotency as creating one.
 */
export async function rescheduleBooking(
  trx: Tx,
  app: Deps,
  actor: Actor,
  id: number,
  input: RescheduleInput,
  idempotency: { key: string | undefined; fingerprint: string } = { key: undefined, fingerprint: '' },
): Promise<StoredResponse> {
  const now = app.clock.now();
  return once(trx, { apiKeyId: actor.apiKeyId ?? 0, key: idempotency.key, fingerprint: idempotency.fingerprint, now }, async () => ({
    status: 200,
    body: await moveBooking(trx, app, actor, id, input, now),
  }));
}

async function moveBooking(trx: Tx, app: Deps, actor: Actor, id: number, input: RescheduleInput, now: number): Promise<BookingJson> {
  const view = await visibleBooking(trx, actor, id);
  if (!RESCHEDULABLE.includes(view.status)) {
    throw errors.invalidTransition(refusalMessage('reschedule', view.status), 'reschedule', view.status);
  }
  const startAt = Date.parse(input.startTime);
  const serviceIds = view.services ? view.services.map((s) => s.service_id) : [view.service_id];
  const held =
    input.holdId === undefined
      ? input.staffId
      : await consumeHold(trx, actor.apiKeyId, input.holdId, { serviceIds, startAt, staffId: input.staffId, now });
  const staffId = held ?? view.staff_id;
  if (startAt === view.start_at && staffId === view.staff_id) return toBookingJson(view, clientViewOf(actor));
  const directory = (await app.directory.get(trx, actor.businessId))!;
  if (serviceIds.some((serviceId) => !directory.services.has(serviceId))) {
    throw errors.conflict('service_unavailable', 'A service of this booking is no longer offered; cancel it instead.');
  }
  // The visit keeps its services, in their order, with what they take today.
  const plan = planOf(directory, serviceIds);
  if (input.staffId !== undefined && !directory.staff.some((s) => s.id === input.staffId)) throw errors.notFound('Staff member');
  if (actor.source === 'admin') await clearHoldsForSalon(trx, { directory, plan, startAt, staffId, excludeBookingId: id, now }, 'move');
  await claimSlot(trx, { directory, plan, startAt, staffId, excludeBookingId: id, holderKeyId: holderOf(actor), now });
  await updateBookingIf(trx, id, RESCHEDULABLE, {
    start_at: startAt,
    end_at: startAt + plan.durationMinutes * 60_000,
    buffer_before_minutes: plan.bufferBeforeMinutes,
    buffer_after_minutes: plan.bufferAfterMinutes,
    staff_id: staffId,
    updated_at: now,
  }).catch(slotTaken);
  if (view.services) await shiftBookingServices(trx, id, startAt - view.start_at);
  const after = (await findBookingView(trx, actor.businessId, id))!;
  await emitBookingEvent(trx, app, 'booking.rescheduled', after, {
    previousStartTime: toLocalIso(view.start_at, view.timezone),
    previousEndTime: toLocalIso(view.end_at, view.timezone),
    previousStaffId: view.staff_id,
    previousStaffName: view.staff_name,
    rescheduledBy: BY[actor.source],
  });
  await auditBooking(trx, 'booking.rescheduled', view, after);
  return toBookingJson(after, clientViewOf(actor));
}

/**
 * Bookings as a read answers them: the salon's reads say where each came from too (`bookedVia`:
 * desk, website or integration, by the report's rule), for the bookings CSV; a key's do not.
 */
async function readBookings(db: Db, views: BookingView[], actor: Actor): Promise<Array<BookingJson & { bookedVia?: BookedVia }>> {
  if (actor.source !== 'admin') return views.map((view) => toBookingJson(view, clientViewOf(actor)));
  const kinds = await keyKinds(
    db,
    views.flatMap((view) => (view.api_key_id === null ? [] : [view.api_key_id])),
  );
  return views.map((view) => ({
    ...toBookingJson(view, clientViewOf(actor)),
    bookedVia: bookedVia({ source: view.source, key_kind: view.api_key_id === null ? null : (kinds.get(view.api_key_id) ?? null) }),
  }));
}

export async function getBooking(app: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<BookingJson> {
  const [booking] = await readBookings(app.db, [await visibleBooking(app.db, actor, id)], actor);
  return booking!;
}

/** A page of bookings by start time; `from`/`to` are local dates, both included. */
export async function listBookings(app: Pick<Deps, 'db'>, actor: Actor, q: BookingsQuery) {
  const business = (await findBusiness(app.db, actor.businessId))!;
  for (const field of ['from', 'to'] as const) {
    const value = q[field];
    if (value !== undefined && !isCalendarDate(value)) throw errors.validation(`"${field}" must be a real date written YYYY-MM-DD.`, field);
  }
  const filter: BookingFilter = {
    businessId: actor.businessId,
    from: q.from ? localDayBounds(q.from, business.timezone).start : undefined,
    to: q.to ? localDayBounds(q.to, business.timezone).end : undefined,
    status: q.status,
    staffId: q.staffId,
    clientId: q.clientId,
    apiKeyId: actor.ownBookingsOnly ? (actor.apiKeyId ?? -1) : undefined,
  };
  const [rows, total] = await Promise.all([pageBookings(app.db, filter, (q.page - 1) * q.limit, q.limit), countBookings(app.db, filter)]);
  return { data: await readBookings(app.db, rows, actor), total };
}

async function visibleBooking(db: Parameters<typeof findBookingView>[0], actor: Actor, id: number): Promise<BookingView> {
  const view = await findBookingView(db, actor.businessId, id);
  if (!view || (actor.ownBookingsOnly && view.api_key_id !== actor.apiKeyId)) throw errors.notFound('Booking');
  return view;
}
