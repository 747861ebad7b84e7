import type { WeeklyHours } from '../businesses/hours.ts';
import { localDayBounds, weekdayOf } from '../businesses/local-time.ts';
import { awayFor, staffFor, type Directory } from '../businesses/directory.ts';
import type { ServiceRow } from '../db/tables.ts';
import type { Db, Tx } from '../db/transaction.ts';
import { busyIntervals } from '../bookings/bookings.repository.ts';
import { bookingWindow } from './booking-window.ts';
import { freeSlotAt, freeSlots, type Slot, type SlotQuery } from './slots.ts';

export interface AvailabilityQuery {
  directory: Directory;
  service: ServiceRow;
  date: string;
  staffId?: number;
  /** A booking being moved does not block its own time. */
  excludeBookingId?: number;
  now: number;
}

/** Free slots of a service on a local date, from the staff who perform it and their bookings. */
export async function availability(db: Db | Tx, query: AvailabilityQuery): Promise<Slot[]> {
  const slotQuery = await slotQueryFor(db, query);
  return slotQuery ? freeSlots(slotQuery) : [];
}

/** The slot at `startAt` on the query's date, if it is free (the check before a booking). */
export async function availabilityAt(db: Db | Tx, query: AvailabilityQuery, startAt: number): Promise<Slot | undefined> {
  const slotQuery = await slotQueryFor(db, query);
  return slotQuery ? freeSlotAt(slotQuery, startAt) : undefined;
}

async function slotQueryFor(db: Db | Tx, query: AvailabilityQuery): Promise<SlotQuery | undefined> {
  const { directory, service, date } = query;
  const { business } = directory;
  if (service.active !== 1) return undefined;
  const staff = staffFor(directory, service.id, query.staffId);
  const day = localDayBounds(date, business.timezone);
  const before = service.buffer_before_minutes * 60_000;
  const after = service.buffer_after_minutes * 60_000;
  // Everything a slot of this day can touch, buffers included.
  const busy = await busyIntervals(
    db,
    staff.map((s) => s.id),
    day.start - before,
    day.end + service.duration_minutes * 60_000 + after,
    query.excludeBookingId,
  );
  return {
    date,
    weekday: weekdayOf(date, business.timezone),
    zone: business.timezone,
    opening: JSON.parse(business.working_hours) as WeeklyHours,
    stepMinutes: business.slot_step_minutes,
    durationMinutes: service.duration_minutes,
    bufferBeforeMinutes: service.buffer_before_minutes,
    bufferAfterMinutes: service.buffer_after_minutes,
    staff: staff.map((member) => ({
      id: member.id,
      schedule: member.schedule,
      busy: busy.get(member.id) ?? [],
      // A day's slots with their buffers reach at most into the neighbouring days.
      away: awayFor(directory, member.id, day.start - 86_400_000, day.end + 86_400_000),
    })),
    window: bookingWindow(business, query.now),
  };
}
