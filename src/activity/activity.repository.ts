import type { AuditEntryRow } from '../db/tables.ts';
import type { Db } from '../db/transaction.ts';

/** Which entries of a business: each field narrows, absent ones do not. `from`/`to` are instants (ms), `to` excluded. */
export interface AuditFilter {
  readonly actorKind?: string;
  readonly actorId?: number;
  readonly targetKind?: string;
  readonly targetId?: number;
  readonly action?: string;
  readonly from?: number;
  readonly to?: number;
}

/** A business's entries, or (null) the installation's own: people's accounts, the backups' settings. */
function filtered(db: Db, businessId: number | null, f: AuditFilter) {
  let q = db.selectFrom('audit_entries').where('business_id', businessId === null ? 'is' : '=', businessId);
  if (f.actorKind !== undefined) q = q.where('actor_kind', '=', f.actorKind as AuditEntryRow['actor_kind']);
  if (f.actorId !== undefined) q = q.where('actor_id', '=', f.actorId);
  if (f.targetKind !== undefined) q = q.where('target_kind', '=', f.targetKind);
  if (f.targetId !== undefined) q = q.where('target_id', '=', f.targetId);
  if (f.action !== undefined) q = q.where('action', '=', f.action);
  if (f.from !== undefined) q = q.where('at', '>=', f.from);
  if (f.to !== undefined) q = q.where('at', '<', f.to);
  return q;
}

/** One page of the entries, newest first. */
export async function listAuditEntries(db: Db, businessId: number | null, f: AuditFilter, page: { offset: number; limit: number }) {
  return filtered(db, businessId, f).selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}

export async function countAuditEntries(db: Db, businessId: number | null, f: AuditFilter): Promise<number> {
  const row = await filtered(db, businessId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The bookings that some payments (and refunds) are of: payment id → booking id. */
export async function bookingsOfPayments(db: Db, businessId: number, paymentIds: readonly number[]): Promise<Map<number, number>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('payments')
    .select(['id', 'booking_id'])
    .where('business_id', '=', businessId)
    .where('id', 'in', [...paymentIds])
    .execute();
  return new Map(rows.map((row) => [row.id, row.booking_id]));
}

/**
 * Whose booking and what, as the bookings are now: the client's name (an erased client's is the
 * erasure's), the services (the several of a visit, in their order), the staff member and the
 * start. Two statements for any number of bookings: the bookings, then the services of the visits
 * of several.
 */
export async function bookingsAbout(db: Db, businessId: number, bookingIds: readonly number[]) {
  if (bookingIds.length === 0) return [];
  const bookings = await db
    .selectFrom('bookings as b')
    .leftJoin('services as s', 's.id', 'b.service_id')
    .leftJoin('staff as st', 'st.id', 'b.staff_id')
    .leftJoin('clients as c', 'c.id', 'b.client_id')
    .select(['b.id', 'b.start_at', 'b.service_count', 's.name as service_name', 'st.name as staff_name', 'c.name as client_name'])
    .where('b.business_id', '=', businessId)
    .where('b.id', 'in', [...bookingIds])
    .execute();
  const several = bookings.filter((b) => b.service_count > 1).map((b) => b.id);
  const parts =
    several.length === 0
      ? []
      : await db
          .selectFrom('booking_services')
          .select(['booking_id', 'name'])
          .where('booking_id', 'in', several)
          .orderBy('booking_id')
          .orderBy('position')
          .execute();
  const names = new Map<number, string[]>();
  for (const part of parts) names.set(part.booking_id, [...(names.get(part.booking_id) ?? []), part.name]);
  return bookings.map((b) => ({ ...b, services: names.get(b.id) ?? (b.service_name === null ? [] : [b.service_name]) }));
}
