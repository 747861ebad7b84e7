import type auditQuerySchema from '../../schema/audit-query.ts';
import { findBusiness } from '../businesses/businesses.repository.ts';
import type { Db } from '../db/transaction.ts';
import { errors } from '../http/errors.ts';
import type { Valid } from '../http/validate.ts';
import { findUser } from '../people/people.repository.ts';
import { isCalendarDate, localDayBounds, toLocalIso } from '../time/local-time.ts';
import { auditCsv } from './activity-csv.ts';
import type { AuditEntryRow } from '../db/tables.ts';
import { type AuditFilter, bookingsAbout, bookingsOfPayments, countAuditEntries, listAuditEntries } from './activity.repository.ts';
import { type BookingAbout, toAuditJson } from './activity.presenter.ts';

export type ActivityDeps = { readonly db: Db };
export type AuditQuery = Valid<typeof auditQuerySchema>;

/** The most entries one CSV holds (the newest); a longer period is exported in parts. */
export const CSV_MAX_ENTRIES = 100_000;
const CSV_BATCH = 1000;

/** The query's filters, its dates read in the salon's time zone. */
function filterOf(query: Omit<AuditQuery, 'page' | 'limit'>, zone: string): AuditFilter {
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value !== undefined && !isCalendarDate(value)) throw errors.validation(`"${field}" is not a date of the calendar.`, field);
  }
  if (query.from && query.to && query.from > query.to) throw errors.validation('"from" is after "to".', 'from');
  return {
    actorKind: query.actorKind,
    actorId: query.actorId,
    targetKind: query.targetKind,
    targetId: query.targetId,
    action: query.action,
    from: query.from === undefined ? undefined : localDayBounds(query.from, zone).start,
    to: query.to === undefined ? undefined : localDayBounds(query.to, zone).end,
  };
}

async function zoneOf(db: Db, businessId: number): Promise<string> {
  const business = await findBusiness(db, businessId);
  if (!business) throw errors.notFound('Business');
  return business.timezone;
}

const idsOf = (rows: readonly AuditEntryRow[], kind: string) => [
  ...new Set(rows.filter((row) => row.target_kind === kind && row.target_id !== null).map((row) => row.target_id!)),
];

/**
 * The booking each entry of a page is about: a booking's own entries, and a payment's or a
 * refund's (its booking). Read when listed, not kept in the entry: a client's name stays out of
 * the trail (an erasure has nothing to scrub there), and three statements serve any page.
 */
async function bookingsOfEntries(db: Db, businessId: number, rows: readonly AuditEntryRow[], zone: string) {
  const ofPayment = await bookingsOfPayments(db, businessId, idsOf(rows, 'payment'));
  const bookings = await bookingsAbout(db, businessId, [...new Set([...idsOf(rows, 'booking'), ...ofPayment.values()])]);
  const byId = new Map<number, BookingAbout>(
    bookings.map((b) => [
      b.id,
      { id: b.id, client: b.client_name, services: b.services, staff: b.staff_name, startTime: toLocalIso(b.start_at, zone) },
    ]),
  );
  const bookingIdOf = (row: AuditEntryRow) =>
    row.target_id === null
      ? undefined
      : row.target_kind === 'booking'
        ? row.target_id
        : row.target_kind === 'payment'
          ? ofPayment.get(row.target_id)
          : undefined;
  return (row: AuditEntryRow) => {
    const id = bookingIdOf(row);
    return id === undefined ? undefined : byId.get(id);
  };
}

/** One page of who did what in the business, newest first, each entry of a booking or a payment naming the booking. */
export async function auditTrail(app: ActivityDeps, businessId: number, query: AuditQuery) {
  const zone = await zoneOf(app.db, businessId);
  const filter = filterOf(query, zone);
  const { page, limit } = query;
  const rows = await listAuditEntries(app.db, businessId, filter, { offset: (page - 1) * limit, limit });
  const bookingOf = await bookingsOfEntries(app.db, businessId, rows, zone);
  return {
    data: rows.map((row) => toAuditJson(row, zone, bookingOf(row))),
    total: await countAuditEntries(app.db, businessId, filter),
    page,
    limit,
  };
}

/** Every entry the filters match (the newest CSV_MAX_ENTRIES), as CSV. */
export async function auditTrailCsv(app: ActivityDeps, businessId: number, query: Omit<AuditQuery, 'page' | 'limit'>) {
  const zone = await zoneOf(app.db, businessId);
  const filter = filterOf(query, zone);
  const entries = [];
  for (let offset = 0; offset < CSV_MAX_ENTRIES; offset += CSV_BATCH) {
    const rows = await listAuditEntries(app.db, businessId, filter, { offset, limit: CSV_BATCH });
    entries.push(...rows.map((row) => toAuditJson(row, zone)));
    if (rows.length < CSV_BATCH) break;
  }
  return auditCsv(entries);
}

/**
 * What happened to a person's account, newest first: invited, signed in and out, passwords and
 * passkeys, role changes, links, sessions ended. Kept beside the businesses' trails (an account
 * belongs to the installation), with times in UTC.
 */
export async function accountHistory(deps: ActivityDeps, id: number, page: { page: number; limit: number }) {
  if (!(await findUser(deps.db, id))) throw errors.notFound('Person');
  const filter = { targetKind: 'user', targetId: id };
  const rows = await listAuditEntries(deps.db, null, filter, { offset: (page.page - 1) * page.limit, limit: page.limit });
  return {
    data: rows.map((row) => toAuditJson(row, 'UTC')),
    total: await countAuditEntries(deps.db, null, filter),
    page: page.page,
    limit: page.limit,
  };
}
