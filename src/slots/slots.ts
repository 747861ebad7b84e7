import { localInstant } from '../businesses/local-time.ts';
import type { WeeklyHours, Weekday } from '../businesses/hours.ts';
import { workingMinutes, type WeeklySchedule } from '../staff/schedule.ts';

export interface StaffAvailability {
  id: number;
  schedule: WeeklySchedule;
  /** Live bookings of the staff member as [start, end) instants. */
  busy: ReadonlyArray<readonly [number, number]>;
}

export interface SlotQuery {
  /** The local date, YYYY-MM-DD. */
  date: string;
  weekday: Weekday;
  zone: string;
  opening: WeeklyHours;
  stepMinutes: number;
  durationMinutes: number;
  staff: readonly StaffAvailability[];
  /** Slots starting at or before this instant are not offered. */
  notBefore: number;
}

export interface Slot {
  startAt: number;
  endAt: number;
  /** Who can take it, lowest id first. */
  staffIds: number[];
}

/**
 * Free start times on one local date. Each staff member's bookable time is their working hours
 * within opening hours, minus breaks; starts step through it in real minutes, so a DST change
 * inside working hours yields the right instants (no slot in the skipped hour, both passes of
 * the repeated one). A slot needs the whole service duration free of other bookings.
 */
export function freeSlots(query: SlotQuery): Slot[] {
  const step = query.stepMinutes * 60_000;
  const duration = query.durationMinutes * 60_000;
  const byStart = new Map<number, Slot>();
  for (const member of query.staff) {
    for (const [start, end] of bookableIntervals(member, query)) {
      for (let t = start; t + duration <= end; t += step) {
        if (!isFree(member, t, duration, query.notBefore)) continue;
        const slot = byStart.get(t) ?? { startAt: t, endAt: t + duration, staffIds: [] };
        slot.staffIds.push(member.id);
        byStart.set(t, slot);
      }
    }
  }
  const slots = [...byStart.values()].sort((a, b) => a.startAt - b.startAt);
  for (const slot of slots) slot.staffIds.sort((a, b) => a - b);
  return slots;
}

/**
 * The one slot starting at `startAt`, if it is free: what freeSlots would list for it, without
 * walking the whole day (a booking asks about one time; a day of 40 staff has thousands).
 */
export function freeSlotAt(query: SlotQuery, startAt: number): Slot | undefined {
  const step = query.stepMinutes * 60_000;
  const duration = query.durationMinutes * 60_000;
  const staffIds: number[] = [];
  for (const member of query.staff) {
    const onGrid = bookableIntervals(member, query).some(
      ([start, end]) => startAt >= start && startAt + duration <= end && (startAt - start) % step === 0,
    );
    if (onGrid && isFree(member, startAt, duration, query.notBefore)) staffIds.push(member.id);
  }
  return staffIds.length > 0 ? { startAt, endAt: startAt + duration, staffIds: staffIds.sort((a, b) => a - b) } : undefined;
}

/** A member's working time on the date as [start, end) instants. */
function bookableIntervals(member: StaffAvailability, query: SlotQuery): Array<[number, number]> {
  return workingMinutes(member.schedule, query.opening, query.weekday).map(([from, to]) => [
    localInstant(query.date, clock(from), query.zone),
    localInstant(query.date, clock(to), query.zone),
  ]);
}

/** Later than `notBefore` and clear of the member's bookings for the whole duration. */
function isFree(member: StaffAvailability, t: number, duration: number, notBefore: number): boolean {
  return t > notBefore && !member.busy.some(([busyStart, busyEnd]) => busyStart < t + duration && busyEnd > t);
}

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
