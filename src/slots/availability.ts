import { DateTime } from 'luxon';
import type { WeeklyHours } from '../time/hours.ts';
import { localDayBounds, weekdayOf } from '../time/local-time.ts';
import type { Directory, StaffMember } from '../businesses/directory.ts';
import type { Db, Tx } from '../db/transaction.ts';
import { busyIntervals } from './busy.repository.ts';

type Interval = readonly [number, number];
import { bookingWindow, rulesFor } from './booking-window.ts';
import type { ServicePlan } from './service-plan.ts';
import { refusalsAt, type StaffRefusal } from './slot-refusal.ts';
import { freeSlotAt, freeSlots, type Slot, type SlotQuery } from './slots.ts';

export interface AvailabilityQuery {
  directory: Directory;
  /** The service, or several back to back (src/slots/service-plan.ts). */
  plan: ServicePlan;
  date: string;
  staffId?: number;
  /** A booking being moved does not block its own time. */
  excludeBookingId?: number;
  /** The API key asking: its own holds do not take time from it. Undefined or null: every hold counts (the salon). */
  holderKeyId?: number | null;
  /** No hold counts: whether the time would be free but for holds (the salon, before booking over one). */
  ignoreHolds?: boolean;
  now: number;
}

/** Free slots of a service (or several) on a local date, from the staff who perform them and their bookings. */
export async function availability(db: Db | Tx, query: AvailabilityQuery): Promise<Slot[]> {
  const [day] = await availabilityRange(db, query, query.date);
  return day!.slots;
}

/**
 * Free slots on each local date from `query.date` to `to`, both included. One read of the
 * bookings for the whole range, each day then computed from its share of them; days that lie
 * wholly in the past or beyond the horizon are not computed (no start time in them passes the
 * window check anyway).
 */
export async function availabilityRange(
  db: Db | Tx,
  query: AvailabilityQuery,
  to: string,
): Promise<Array<{ date: string; slots: Slot[] }>> {
  const dates: string[] = [];
  for (let day = DateTime.fromISO(query.date, { zone: 'UTC' }); day.toISODate()! <= to; day = day.plus({ days: 1 }))
    dates.push(day.toISODate()!);
  const { business } = query.directory;
  const window = bookingWindow(rulesFor(business, query.holderKeyId == null), query.now);
  const open = dates.filter((date) => date <= window.lastDate && localDayBounds(date, business.timezone).end > window.now);
  const queries = await slotQueries(db, query, open);
  return dates.map((date) => {
    const slotQuery = queries.get(date);
    return { date, slots: slotQuery ? freeSlots(slotQuery) : [] };
  });
}

/** The slot at `startAt` on the query's date, if it is free (the check before a booking). */
export async function availabilityAt(db: Db | Tx, query: AvailabilityQuery, startAt: number): Promise<Slot | undefined> {
  const slotQuery = (await slotQueries(db, query, [query.date])).get(query.date);
  return slotQuery ? freeSlotAt(slotQuery, startAt) : undefined;
}

/**
 * Why the time at `startAt` is not free, for each staff member who performs the service (the
 * answer of a refused booking); for a staff member asked for who does not perform it, just that.
 */
export async function refusalsFor(db: Db | Tx, query: AvailabilityQuery, startAt: number): Promise<StaffRefusal[]> {
  const asked = query.staffId == null ? undefined : query.directory.staff.find((s) => s.id === query.staffId);
  if (asked && !asked.active) return [{ staffId: asked.id, reason: 'not_working' }];
  if (asked && !query.plan.serviceIds.every((id) => asked.serviceIds.has(id))) return [{ staffId: asked.id, reason: 'does_not_offer' }];
  const slotQuery = (await slotQueries(db, query, [query.date])).get(query.date);
  return slotQuery ? refusalsAt(slotQuery, startAt) : [];
}

/** One SlotQuery per date (consecutive dates), from one read of the staff's bookings. */
async function slotQueries(db: Db | Tx, query: AvailabilityQuery, dates: readonly string[]): Promise<Map<string, SlotQuery>> {
  const { directory, plan } = query;
  const { business } = directory;
  const result = new Map<string, SlotQuery>();
  if (!plan.active || dates.length === 0) return result;
  const zone = business.timezone;
  const staff = staffFor(directory, plan.serviceIds, query.staffId);
  const before = plan.bufferBeforeMinutes * 60_000;
  const reach = (plan.durationMinutes + plan.bufferAfterMinutes) * 60_000;
  // Everything a slot of these days can touch, buffers included.
  const first = localDayBounds(dates[0]!, zone).start - before;
  const last = localDayBounds(dates.at(-1)!, zone).end + reach;
  const busy = await busyIntervals(
    db,
    staff.map((s) => s.id),
    first,
    last,
    {
      excludeBookingId: query.excludeBookingId,
      now: query.now,
      holderKeyId: query.holderKeyId,
      ignoreHolds: query.ignoreHolds,
    },
  );
  const opening = JSON.parse(business.working_hours) as WeeklyHours;
  const window = bookingWindow(rulesFor(business, query.holderKeyId == null), query.now);
  for (const date of dates) {
    const day = localDayBounds(date, zone);
    const from = day.start - before;
    const to = day.end + reach;
    const within = (intervals: readonly Interval[]) => (dates.length === 1 ? intervals : intervals.filter(([s, e]) => s < to && e > from));
    result.set(date, {
      date,
      weekday: weekdayOf(date, zone),
      zone,
      opening,
      stepMinutes: business.slot_step_minutes,
      anyMinute: query.holderKeyId == null,
      durationMinutes: plan.durationMinutes,
      bufferBeforeMinutes: plan.bufferBeforeMinutes,
      bufferAfterMinutes: plan.bufferAfterMinutes,
      staff: staff.map((member) => ({
        id: member.id,
        schedule: member.schedule,
        busy: within(busy.get(member.id) ?? []),
        // A day's slots with their buffers reach at most into the neighbouring days.
        away: awayFor(directory, member.id, day.start - 86_400_000, day.end + 86_400_000),
      })),
      closures: directory.closures.map((interval, i) => ({ interval, note: directory.closureNotes[i] ?? '' })),
      window,
    });
  }
  return result;
}

/** Closures and the staff member's time off that reach into [from, to). */
export function awayFor(directory: Directory, staffId: number, from: number, to: number): Interval[] {
  const touches = ([start, end]: Interval) => start < to && end > from;
  return [...directory.closures.filter(touches), ...(directory.timeOff.get(staffId) ?? []).filter(touches)];
}

/** Active staff who perform every one of `serviceIds`; just `staffId` when given. */
export function staffFor(directory: Directory, serviceIds: readonly number[], staffId?: number): StaffMember[] {
  return directory.staff.filter(
    (s) => s.active && serviceIds.every((id) => s.serviceIds.has(id)) && (staffId === undefined || s.id === staffId),
  );
}
