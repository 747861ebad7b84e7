import type { Insertable, Updateable } from 'kysely';
import { pick, prepared } from '../db/prepared.ts';
import type { Db, Tx } from '../db/transaction.ts';
import type { BookingServiceRow, BookingStatus, BookingsTable } from '../db/tables.ts';
import { LIVE_STATUSES } from '../slots/busy.repository.ts';

type NewBooking = Omit<Insertable<BookingsTable>, 'id'>;
const BOOKING_COLUMNS = [
  'business_id',
  'service_id',
  'staff_id',
  'client_id',
  'status',
  'start_at',
  'end_at',
  'buffer_before_minutes',
  'buffer_after_minutes',
  'service_count',
  'price',
  'currency',
  'notes',
  'source',
  'api_key_id',
  'cancel_reason',
  'cancelled_by',
  'booked_name',
  'booked_email',
  'booked_phone',
  'client_check',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof NewBooking>;
const insertBookingRow = prepared<Required<NewBooking>, { id: number }>(
  (qb, p) => qb.insertInto('bookings').values(pick(p, BOOKING_COLUMNS)).returning('id'),
  'insert_booking',
);

export async function insertBooking(tx: Tx, row: Required<NewBooking>): Promise<number> {
  const { rows } = await insertBookingRow(tx, row);
  return rows[0]!.id;
}

/** The services of a booking of several, in order (0008). */
export async function insertBookingServices(tx: Tx, rows: readonly BookingServiceRow[]): Promise<void> {
  if (rows.length > 0)
    await tx
      .insertInto('booking_services')
      .values([...rows])
      .execute();
}

/** Moves a booking's services by `deltaMs` (a reschedule keeps their order and lengths). */
export async function shiftBookingServices(tx: Tx, bookingId: number, deltaMs: number): Promise<void> {
  await tx
    .updateTable('booking_services')
    .set((eb) => ({ start_at: eb('start_at', '+', deltaMs), end_at: eb('end_at', '+', deltaMs) }))
    .where('booking_id', '=', bookingId)
    .execute();
}

/** Attaches the service lists of the bookings of several services; bookings of one need no read. */
async function withServices<V extends { id: number; service_count: number }>(
  db: Db | Tx,
  views: V[],
): Promise<Array<V & { services?: BookingServiceRow[] }>> {
  const ids = views.filter((v) => v.service_count > 1).map((v) => v.id);
  if (ids.length === 0) return views;
  const rows = await db
    .selectFrom('booking_services')
    .selectAll()
    .where('booking_id', 'in', ids)
    .orderBy('booking_id')
    .orderBy('position')
    .execute();
  const byBooking = new Map<number, BookingServiceRow[]>();
  for (const row of rows) byBooking.set(row.booking_id, [...(byBooking.get(row.booking_id) ?? []), row]);
  return views.map((v) => (byBooking.has(v.id) ? { ...v, services: byBooking.get(v.id) } : v));
}

function viewQuery(db: Db | Tx) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('services as s', 's.id', 'b.service_id')
    .innerJoin('staff as st', 'st.id', 'b.staff_id')
    .innerJoin('clients as c', 'c.id', 'b.client_id')
    .innerJoin('businesses as biz', 'biz.id', 'b.business_id')
    .selectAll('b')
    .select([
      's.name as service_name',
      'st.name as staff_name',
      'c.name as client_name',
      'c.email as client_email',
      'c.phone as client_phone',
      'biz.timezone as timezone',
    ]);
}

/** A booking with the names a presenter needs, and its services when it has several. */
export type BookingView = Awaited<ReturnType<ReturnType<typeof viewQuery>['executeTakeFirstOrThrow']>> & { services?: BookingServiceRow[] };

export async function findBookingView(db: Db | Tx, businessId: number, id: number): Promise<BookingView | undefined> {
  const view = await viewQuery(db).where('b.id', '=', id).where('b.business_id', '=', businessId).executeTakeFirst();
  return view && (await withServices(db, [view]))[0];
}

/** Live bookings that overlap [from, to), of one staff member or (staffId undefined) of the whole business, by start time. */
export async function liveBookingViews(
  db: Db | Tx,
  businessId: number,
  from: number,
  to: number,
  staffId?: number,
): Promise<BookingView[]> {
  let query = viewQuery(db)
    .where('b.business_id', '=', businessId)
    .where('b.status', 'in', LIVE_STATUSES)
    .where('b.start_at', '<', to)
    .where('b.end_at', '>', from);
  if (staffId !== undefined) query = query.where('b.staff_id', '=', staffId);
  return withServices(db, await query.orderBy('b.start_at').orderBy('b.id').execute());
}

/** Bookings of any status starting from `from`, of one staff member or the whole business, by start time (calendar feeds). */
export async function bookingViewsFrom(db: Db | Tx, businessId: number, from: number, staffId: number | null): Promise<BookingView[]> {
  let query = viewQuery(db).where('b.business_id', '=', businessId).where('b.start_at', '>=', from);
  if (staffId !== null) query = query.where('b.staff_id', '=', staffId);
  return withServices(db, await query.orderBy('b.start_at').orderBy('b.id').limit(5000).execute());
}

export interface BookingFilter {
  businessId: number;
  from?: number;
  to?: number;
  status?: BookingStatus;
  staffId?: number;
  clientId?: number;
  /** Only bookings this key made (a key that may write but not read bookings). */
  apiKeyId?: number;
}

function filtered<Q extends ReturnType<typeof viewQuery>>(query: Q, f: BookingFilter): Q {
  let q = query.where('b.business_id', '=', f.businessId);
  if (f.from !== undefined) q = q.where('b.start_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('b.start_at', '<', f.to);
  if (f.status) q = q.where('b.status', '=', f.status);
  if (f.staffId !== undefined) q = q.where('b.staff_id', '=', f.staffId);
  if (f.clientId !== undefined) q = q.where('b.client_id', '=', f.clientId);
  if (f.apiKeyId !== undefined) q = q.where('b.api_key_id', '=', f.apiKeyId);
  return q as Q;
}

/** A page of bookings by start time, earliest first. */
export async function pageBookings(db: Db, filter: BookingFilter, offset: number, limit: number): Promise<BookingView[]> {
  return withServices(
    db,
    await filtered(viewQuery(db), filter).orderBy('b.start_at').orderBy('b.id').offset(offset).limit(limit).execute(),
  );
}

export async function countBookings(db: Db, filter: BookingFilter): Promise<number> {
  const { count } = await filtered(viewQuery(db), filter)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * What waits on the salon among the bookings: pending ones (to confirm or decline) and any not
 * cancelled whose client check is open.
 */
function waiting<Q extends ReturnType<typeof viewQuery>>(query: Q, businessId: number): Q {
  return query
    .where('b.business_id', '=', businessId)
    .where((eb) =>
      eb.or([eb('b.status', '=', 'pending'), eb.and([eb('b.client_check', 'is not', null), eb('b.status', '!=', 'cancelled')])]),
    ) as Q;
}

/** The bookings that wait on the salon, newest first (the inbox), at most `limit`. */
export async function waitingBookingViews(db: Db, businessId: number, limit: number): Promise<BookingView[]> {
  return withServices(
    db,
    await waiting(viewQuery(db), businessId).orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').limit(limit).execute(),
  );
}

export async function countWaitingBookings(db: Db, businessId: number): Promise<number> {
  const { count } = await waiting(viewQuery(db), businessId)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Moves a booking to `patch.status` (or changes its times) only while it is in one of `from`;
 * returns false when another change got there first.
 */
export async function updateBookingIf(
  tx: Tx,
  id: number,
  from: readonly BookingStatus[],
  patch: Updateable<BookingsTable>,
): Promise<boolean> {
  const result = await tx.updateTable('bookings').set(patch).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Closes a booking's client check (and moves it to `patch.client_id`, if given) while it is still
 * open; returns false when it was closed already.
 */
export async function settleClientCheck(tx: Tx, id: number, patch: { client_id?: number; updated_at: number }): Promise<boolean> {
  const result = await tx
    .updateTable('bookings')
    .set({ ...patch, client_check: null })
    .where('id', '=', id)
    .where('client_check', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the salon has seen this client: a visit marked completed, or a booking the salon made itself. */
export async function hasSeenClient(db: Db | Tx, clientId: number): Promise<boolean> {
  const row = await db
    .selectFrom('bookings')
    .select('id')
    .where('client_id', '=', clientId)
    .where((eb) => eb.or([eb('status', '=', 'completed'), eb('source', '=', 'admin')]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Live bookings made with this key for this client that have not started yet. */
export async function countUpcomingBookings(db: Db | Tx, apiKeyId: number, clientId: number, now: number): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', clientId)
    .where('api_key_id', '=', apiKeyId)
    .where('status', 'in', [...LIVE_STATUSES])
    .where('start_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The kind of each of these keys ('page': the booking page's, 'api': a connected program's), for where bookings came from. */
export async function keyKinds(db: Db | Tx, keyIds: readonly number[]): Promise<Map<number, 'api' | 'page'>> {
  if (keyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('api_keys')
    .select(['id', 'kind'])
    .where('id', 'in', [...new Set(keyIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.kind]));
}
