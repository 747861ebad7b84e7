import { sql } from 'kysely';
import { bigint, inJsonIds } from '../db/dialect.ts';
import { lockPair, type LockPair } from '../db/locks.ts';
import { prepared } from '../db/prepared.ts';
import type { BookingStatus } from '../db/tables.ts';
import type { Db, Tx } from '../db/transaction.ts';

/** The statuses of a booking that takes its staff member's time. */
export const LIVE_STATUSES: readonly BookingStatus[] = ['pending', 'confirmed'];

/** Buffers are at most this long (schema/service-create.ts): how far a booking's busy time reaches beyond its times. */
const MAX_BUFFER_MS = 240 * 60_000;

const busyOverlapping = prepared<
  { staffIds: string; from: number; to: number; exclude: number; now: number; holder: number },
  { staff_id: number; busy_from: number; busy_to: number }
>((qb, p) => {
  return (
    qb
      .selectFrom('bookings')
      .select([
        'staff_id',
        sql<number>`start_at - buffer_before_minutes * 60000`.as('busy_from'),
        sql<number>`end_at + buffer_after_minutes * 60000`.as('busy_to'),
      ])
      // One statement for any number of staff: the ids arrive as a JSON array.
      .where(inJsonIds(qb, 'staff_id', p.staffIds))
      .where(
        'status',
        'in',
        LIVE_STATUSES.map((status) => sql.lit(status)),
      )
      // Bookings last at most a day (a check constraint) and buffers at most MAX_BUFFER_MS, so the
      // index on (staff_id, start_at) bounds the search on both sides.
      .where('start_at', '<', sql<number>`${bigint(qb, p.to)} + ${sql.lit(MAX_BUFFER_MS)}`)
      .where('start_at', '>', sql<number>`${bigint(qb, p.from)} - ${sql.lit(86_400_000 + MAX_BUFFER_MS)}`)
      .where(sql<number>`start_at - buffer_before_minutes * 60000`, '<', p.to)
      .where(sql<number>`end_at + buffer_after_minutes * 60000`, '>', p.from)
      .where('id', '!=', p.exclude)
      // Holds of other keys that have not expired take their time too (0006).
      .unionAll(
        qb
          .selectFrom('slot_holds')
          .select([
            'staff_id',
            sql<number>`start_at - buffer_before_minutes * 60000`.as('busy_from'),
            sql<number>`end_at + buffer_after_minutes * 60000`.as('busy_to'),
          ])
          .where(inJsonIds(qb, 'staff_id', p.staffIds))
          .where('expires_at', '>', p.now)
          .where('api_key_id', '!=', p.holder)
          .where('start_at', '<', sql<number>`${bigint(qb, p.to)} + ${sql.lit(MAX_BUFFER_MS)}`)
          .where('start_at', '>', sql<number>`${bigint(qb, p.from)} - ${sql.lit(86_400_000 + MAX_BUFFER_MS)}`)
          .where(sql<number>`start_at - buffer_before_minutes * 60000`, '<', p.to)
          .where(sql<number>`end_at + buffer_after_minutes * 60000`, '>', p.from),
      )
  );
}, 'busy_overlapping');

/** Whose eyes: holds of this key do not take time from it (0 for the salon, which every hold binds). */
export interface BusyOptions {
  /** A booking being moved does not block its own time. */
  excludeBookingId?: number;
  now: number;
  holderKeyId?: number | null;
  /** Bookings only: what the time would be without any hold (the salon deciding whether to book over one). */
  ignoreHolds?: boolean;
}

/**
 * The time live bookings of these staff (buffers included) and other keys' live holds take within
 * [from, to), as [start, end) per staff member.
 */
export async function busyIntervals(
  db: Db | Tx,
  staffIds: readonly number[],
  from: number,
  to: number,
  options: BusyOptions,
): Promise<Map<number, Array<[number, number]>>> {
  const busy = new Map<number, Array<[number, number]>>(staffIds.map((id) => [id, []]));
  if (staffIds.length === 0) return busy;
  const { rows } = await busyOverlapping(db, {
    staffIds: JSON.stringify(staffIds),
    from,
    to,
    exclude: options.excludeBookingId ?? 0,
    // A "now" no hold outlives leaves every hold out.
    now: options.ignoreHolds ? Number.MAX_SAFE_INTEGER : options.now,
    holder: options.holderKeyId ?? 0,
  });
  for (const row of rows) busy.get(row.staff_id)?.push([row.busy_from, row.busy_to]);
  return busy;
}

/** The lock space of the staff members' locks, shared with migration 0007's triggers. */
const STAFF_LOCKS = 7140311;

/**
 * The staff member's lock until the transaction ends (PostgreSQL's advisory lock), the one the triggers of
 * migration 0007 take when the booking or hold is written, taken by claimSlot already. What a booking
 * writes in between, a new client and its client.created (which locks the webhooks' rows), then
 * comes after it, in the order every other booking takes the two: taken at the insert, a booking
 * for a new client (webhooks, then the staff member) and one for a known client (the staff
 * member, then webhooks for booking.created) deadlocked (a 503).
 */
export async function lockStaffMember(trx: Tx, staffId: number): Promise<void> {
  await lockPair(trx, ...staffLock(staffId));
}

/** The staff member's lock, for a caller that takes it with its next lock (lockNamed's `first`). */
export function staffLock(staffId: number): LockPair {
  return [STAFF_LOCKS, staffId];
}
