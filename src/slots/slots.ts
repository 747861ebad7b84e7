import { localWallRange } from '../time/local-time.ts';
import type { WeeklyHours, Weekday } from '../time/hours.ts';
import { workingMinutes, type WeeklySchedule } from '../time/schedule.ts';
import { windowProblem, type BookingWindow } from './booking-window.ts';

type Interval = readonly [number, number];

export interface StaffAvailability {
  id: number;
  schedule: WeeklySchedule;
  /** Time taken by live bookings (buffers included) and holds, as [start, end) instants. */
  busy: ReadonlyArray<Interval>;
  /** Time off and salon closures, as [start, end) instants. */
  away?: ReadonlyArray<Interval>;
}

export interface SlotQuery {
  /** The local date, YYYY-MM-DD. */
  date: string;
  weekday: Weekday;
  zone: string;
  opening: WeeklyHours;
  stepMinutes: number;
  /**
   * The salon books any whole minute that is free (a walk-in at 09:40); the step grid is for
   * clients booking themselves. The free times listed still step through the grid.
   */
  anyMinute?: boolean;
  /** What the client books: from the start time to the end time they are told. */
  durationMinutes: number;
  /** Preparation before and cleaning after: the staff member's time, not the client's. */
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
  staff: readonly StaffAvailability[];
  /** The salon's closures (also in each member's `away`), with their notes: why a time is refused. */
  closures?: ReadonlyArray<{ interval: Interval; note: string }>;
  /** Minimum notice and horizon (src/slots/booking-window.ts). */
  window: BookingWindow;
}

export interface Slot {
  startAt: number;
  endAt: number;
  /** Who can take it, lowest id first. */
  staffIds: number[];
}

/**
 * Free start times on one local date. Each staff member's bookable time is their working hours
 * within opening hours, minus breaks; starts step through it in real minutes from the start of
 * each such interval, so a DST change inside working hours yields the right instants (no slot in
 * the skipped hour, both passes of the repeated one). Every candidate goes through `fits`, the
 * same check a booking makes (freeSlotAt).
 */
export function freeSlots(query: SlotQuery): Slot[] {
  const { step, duration, after } = spans(query);
  const byStart = new Map<number, Slot>();
  for (const member of query.staff) {
    const intervals = bookableIntervals(member, query);
    for (const [start, end] of intervals) {
      for (let t = start; t + duration + after <= end; t += step) {
        if (!fits(member, intervals, t, query)) continue;
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
  const { duration } = spans(query);
  const staffIds: number[] = [];
  for (const member of query.staff) {
    if (fits(member, bookableIntervals(member, query), startAt, query)) staffIds.push(member.id);
  }
  return staffIds.length > 0 ? { startAt, endAt: startAt + duration, staffIds: staffIds.sort((a, b) => a - b) } : undefined;
}

/**
 * Every rule for one staff member and one start time, in one place: inside the booking window
 * (minimum notice, horizon); on the step grid of a working interval (any whole minute, for the
 * salon); the whole service with its buffers inside that interval; clear of bookings, holds, time
 * off and closures.
 */
function fits(member: StaffAvailability, intervals: readonly Interval[], t: number, query: SlotQuery): boolean {
  if (windowProblem(query.window, query.date, t) !== undefined) return false;
  const { step, duration, before, after } = spans(query);
  const from = t - before;
  const to = t + duration + after;
  const grid = query.anyMinute ? 60_000 : step;
  const inside = intervals.some(([start, end]) => from >= start && to <= end && (t - start) % grid === 0);
  return inside && !overlaps(member.busy, from, to) && !overlaps(member.away ?? [], from, to);
}

function overlaps(intervals: ReadonlyArray<Interval>, from: number, to: number): boolean {
  return intervals.some(([start, end]) => start < to && end > from);
}

function spans(query: SlotQuery) {
  return {
    step: query.stepMinutes * 60_000,
    duration: query.durationMinutes * 60_000,
    before: (query.bufferBeforeMinutes ?? 0) * 60_000,
    after: (query.bufferAfterMinutes ?? 0) * 60_000,
  };
}

/**
 * A member's working time on the date as [start, end) instants: every instant whose wall clock
 * reads a time inside their hours, so a range that reaches into the hour the clocks go back holds
 * both passes of it (src/time/local-time.ts, localWallRange).
 */
function bookableIntervals(member: StaffAvailability, query: SlotQuery): ReadonlyArray<readonly [number, number]> {
  return workingMinutes(member.schedule, query.opening, query.weekday).flatMap(([from, to]) =>
    localWallRange(query.date, from, to, query.zone),
  );
}
