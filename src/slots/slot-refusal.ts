import { localInstant, toLocalIso } from '../time/local-time.ts';
import { minutesOf } from '../time/hours.ts';
import { toMinutes, workingMinutes, type MinuteRange } from '../time/schedule.ts';
import type { SlotQuery, StaffAvailability } from './slots.ts';

type Interval = readonly [number, number];

/**
 * Why a start time is not free for one staff member, in the terms a page can put in the salon's
 * words ("Ben has a break until 14:00"): the first rule of `fits` (src/slots/slots.ts) it breaks.
 * Times are the salon's local ones, like every time the API answers with.
 */
export type SlotReason =
  | { reason: 'does_not_offer' }
  | { reason: 'salon_closed'; note?: string }
  | { reason: 'outside_opening_hours'; opens: string; closes: string }
  | { reason: 'not_working' }
  | { reason: 'break'; until: string }
  | { reason: 'does_not_fit'; from: string; until: string; edge: FitEdge }
  | { reason: 'off_grid'; stepMinutes: number }
  | { reason: 'busy'; until: string }
  | { reason: 'away'; until: string };

/**
 * Where a service with its preparation and cleanup does not fit into the working time [from,
 * until): its preparation would begin before `from`, when the day begins (`day_start`) or a break
 * ends (`break_end`); or it would run past `until`, when a break begins (`break_start`) or the day
 * ends (`day_end`).
 */
export type FitEdge = 'day_start' | 'break_end' | 'break_start' | 'day_end';

export type StaffRefusal = SlotReason & { staffId: number };

/** Each staff member's reason the time at `t` is not free for them (the window checks came first). */
export function refusalsAt(query: SlotQuery, t: number): StaffRefusal[] {
  return query.staff.map((member) => ({ staffId: member.id, ...reasonFor(member, query, t) }));
}

function reasonFor(member: StaffAvailability, query: SlotQuery, t: number): SlotReason {
  const local = (minutes: number) => toLocalIso(localInstant(query.date, hhmm(minutes), query.zone), query.zone);
  const minute = minutesOf(toLocalIso(t, query.zone).slice(11, 16));
  const opening = toMinutes(query.opening[query.weekday]);
  if (opening.length === 0) return { reason: 'salon_closed' };
  const before = query.bufferBeforeMinutes ?? 0;
  const after = query.bufferAfterMinutes ?? 0;
  const from = t - before * 60_000;
  const to = t + (query.durationMinutes + after) * 60_000;
  // A closure ("Weihnachten") closes the salon, not the staff member: said as such, with its note.
  const closure = (query.closures ?? []).find(({ interval: [start, end] }) => start < to && end > from);
  if (closure) return { reason: 'salon_closed', note: closure.note };
  if (!inside(opening, minute)) {
    // Between two of the day's opening ranges (the salon's lunch break): a break until it opens again.
    const reopens = opening.find(([start]) => start > minute);
    if (reopens && minute >= opening[0]![0]) return { reason: 'break', until: local(reopens[0]) };
    return { reason: 'outside_opening_hours', opens: hhmm(opening[0]![0]), closes: hhmm(opening.at(-1)![1]) };
  }
  const own = member.schedule[query.weekday];
  const pause = toMinutes(own.breaks).find(([start, end]) => minute >= start && minute < end);
  if (pause) return { reason: 'break', until: local(pause[1]) };
  const ranges = workingMinutes(member.schedule, query.opening, query.weekday);
  const index = ranges.findIndex(([start, end]) => minute >= start && minute < end);
  const working = ranges[index];
  if (!working) return { reason: 'not_working' };
  const fit = { reason: 'does_not_fit', from: local(working[0]), until: local(working[1]) } as const;
  if (minute - before < working[0]) return { ...fit, edge: index === 0 ? 'day_start' : 'break_end' };
  if (minute + query.durationMinutes + after > working[1]) return { ...fit, edge: index === ranges.length - 1 ? 'day_end' : 'break_start' };
  const step = query.anyMinute ? 1 : query.stepMinutes;
  if ((minute - working[0]) % step !== 0) return { reason: 'off_grid', stepMinutes: query.stepMinutes };
  const busy = lastOverlap(member.busy, from, to);
  if (busy) return { reason: 'busy', until: toLocalIso(busy[1], query.zone) };
  const away = lastOverlap(member.away ?? [], from, to); // time off: closures were said above
  if (away) return { reason: 'away', until: toLocalIso(away[1], query.zone) };
  return { reason: 'not_working' };
}

const inside = (ranges: readonly MinuteRange[], minute: number) => ranges.some(([start, end]) => minute >= start && minute < end);

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Of the intervals overlapping [from, to), the one that ends last: until when the time is taken. */
function lastOverlap(intervals: ReadonlyArray<Interval>, from: number, to: number): Interval | undefined {
  return intervals.filter(([start, end]) => start < to && end > from).sort((a, b) => b[1] - a[1])[0];
}
