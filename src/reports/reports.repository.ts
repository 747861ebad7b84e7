import type { Db } from '../db/transaction.ts';

/** A booking as a report counts it. */
export interface ReportBooking {
  readonly id: number;
  readonly client_id: number;
  readonly staff_id: number;
  readonly status: string;
  readonly start_at: number;
  readonly end_at: number;
  readonly price: number;
  readonly source: string;
  /** The kind of the key it was booked with ('page': the booking page), null from the desk. */
  readonly key_kind: string | null;
  readonly updated_at: number;
  /** Who cancelled it: 'client' (their manage link), 'integration' (a key, the booking page's too) or 'salon'; null if not cancelled. */
  readonly cancelled_by: string | null;
}

/** The bookings that start in [from, to), with the kind of key each was made with. */
export async function bookingsStarting(db: Db, businessId: number, from: number, to: number): Promise<ReportBooking[]> {
  return db
    .selectFrom('bookings')
    .leftJoin('api_keys', 'api_keys.id', 'bookings.api_key_id')
    .select([
      'bookings.id',
      'bookings.client_id',
      'bookings.staff_id',
      'bookings.status',
      'bookings.start_at',
      'bookings.end_at',
      'bookings.price',
      'bookings.source',
      'api_keys.kind as key_kind',
      'bookings.updated_at',
      'bookings.cancelled_by',
    ])
    .where('bookings.business_id', '=', businessId)
    .where('bookings.start_at', '>=', from)
    .where('bookings.start_at', '<', to)
    .execute();
}

/** Of `clientIds`, those with a booking (not cancelled) that started before `before`. */
export async function clientsSeenBefore(db: Db, businessId: number, clientIds: readonly number[], before: number): Promise<Set<number>> {
  if (clientIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('bookings')
    .select('client_id')
    .distinct()
    .where('business_id', '=', businessId)
    .where('client_id', 'in', clientIds)
    .where('status', '!=', 'cancelled')
    .where('start_at', '<', before)
    .execute();
  return new Set(rows.map((row) => row.client_id));
}

/** Payments and refunds recorded in [from, to). */
export async function paymentsRecorded(db: Db, businessId: number, from: number, to: number) {
  return db
    .selectFrom('payments')
    .select(['kind', 'method', 'amount'])
    .where('business_id', '=', businessId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .execute();
}

/** What was taken for each of `bookingIds` (payments, refunds not subtracted), whenever it was recorded; a booking without any is not in the map. */
export async function takenFor(db: Db, businessId: number, bookingIds: readonly number[]): Promise<Map<number, number>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('payments')
    .select((eb) => ['booking_id', eb.fn.sum<number>('amount').as('taken')])
    .where('business_id', '=', businessId)
    .where('kind', '=', 'payment')
    .where('booking_id', 'in', bookingIds)
    .groupBy('booking_id')
    .execute();
  return new Map(rows.map((row) => [row.booking_id, Number(row.taken)]));
}

/** When each staff member of the business was added. */
export async function staffAddedAt(db: Db, businessId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('staff').select(['id', 'created_at']).where('business_id', '=', businessId).execute();
  return new Map(rows.map((row) => [row.id, Number(row.created_at)]));
}

/**
 * Each time a staff member was switched off or on, as the audit trail recorded it (`staff.updated`
 * with `active` among its changes), oldest first; what the trail no longer holds is not known.
 */
export async function staffSwitches(db: Db, businessId: number): Promise<{ staffId: number; at: number; active: boolean }[]> {
  const rows = await db
    .selectFrom('audit_entries')
    .select(['target_id', 'at', 'changes'])
    .where('business_id', '=', businessId)
    .where('target_kind', '=', 'staff')
    .where('action', '=', 'staff.updated')
    .where('changes', 'like', '%"active"%')
    .orderBy('id')
    .execute();
  return rows.flatMap((row) => {
    const change = (JSON.parse(row.changes) as { active?: [unknown, unknown] }).active;
    if (!change || row.target_id === null) return [];
    return [{ staffId: row.target_id, at: Number(row.at), active: change[1] === true }];
  });
}
