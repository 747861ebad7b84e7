import { minutesOf, rangesProblem, WEEKDAYS, type TimeRange, type Weekday, type WeeklyHours } from './hours.ts';

/** A staff member's working hours and breaks on one weekday; no hours is a day off. */
export interface DaySchedule {
  readonly hours: readonly TimeRange[];
  readonly breaks: readonly TimeRange[];
}

export type WeeklySchedule = Readonly<Record<Weekday, DaySchedule>>;

/** A new staff member works the business's hours with no breaks until the salon sets a schedule. */
export function scheduleFromHours(hours: WeeklyHours): WeeklySchedule {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, { hours: hours[day], breaks: [] }])) as unknown as WeeklySchedule;
}

export function scheduleProblem(schedule: WeeklySchedule, field = 'schedule'): string | undefined {
  for (const day of WEEKDAYS) {
    const { hours, breaks } = schedule[day];
    const problem = rangesProblem(hours, `${field}.${day}.hours`) ?? rangesProblem(breaks, `${field}.${day}.breaks`);
    if (problem) return problem;
  }
  return undefined;
}

/** Minute ranges [start, end) since local midnight. */
export type MinuteRange = readonly [number, number];

export function toMinutes(ranges: readonly TimeRange[]): MinuteRange[] {
  return ranges.map((r) => [minutesOf(r.start), minutesOf(r.end)] as const).sort((a, b) => a[0] - b[0]);
}

/** The parts of `a` that lie inside some range of `b`. */
export function intersect(a: readonly MinuteRange[], b: readonly MinuteRange[]): MinuteRange[] {
  const out: MinuteRange[] = [];
  for (const [aStart, aEnd] of a) {
    for (const [bStart, bEnd] of b) {
      const start = Math.max(aStart, bStart);
      const end = Math.min(aEnd, bEnd);
      if (start < end) out.push([start, end]);
    }
  }
  return out.sort((x, y) => x[0] - y[0]);
}

/** The parts of `a` outside every range of `b`. */
export function subtract(a: readonly MinuteRange[], b: readonly MinuteRange[]): MinuteRange[] {
  let pieces: MinuteRange[] = [...a];
  for (const [bStart, bEnd] of b) {
    pieces = pieces.flatMap(([start, end]): MinuteRange[] => {
      if (bEnd <= start || bStart >= end) return [[start, end]];
      const left: MinuteRange[] = start < bStart ? [[start, bStart]] : [];
      const right: MinuteRange[] = bEnd < end ? [[bEnd, end]] : [];
      return [...left, ...right];
    });
  }
  return pieces;
}

/** When the staff member can take clients on `day`: working hours within opening hours, minus breaks. */
export function workingMinutes(schedule: WeeklySchedule, opening: WeeklyHours, day: Weekday): MinuteRange[] {
  const own = schedule[day];
  return subtract(intersect(toMinutes(own.hours), toMinutes(opening[day])), toMinutes(own.breaks));
}
