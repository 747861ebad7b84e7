/** Hours by weekday, in the business's own time zone: "09:00"–"18:00", several ranges per day allowed. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface TimeRange {
  readonly start: string;
  /** "24:00" is the end of the day. */
  readonly end: string;
}

export type WeeklyHours = Readonly<Record<Weekday, readonly TimeRange[]>>;

/** Mon–Sat 09:00–18:00, what a new business starts with until the salon sets its own. */
export const DEFAULT_HOURS: WeeklyHours = {
  mon: [{ start: '09:00', end: '18:00' }],
  tue: [{ start: '09:00', end: '18:00' }],
  wed: [{ start: '09:00', end: '18:00' }],
  thu: [{ start: '09:00', end: '18:00' }],
  fri: [{ start: '09:00', end: '18:00' }],
  sat: [{ start: '09:00', end: '18:00' }],
  sun: [],
};

/** Minutes since midnight of "HH:MM"; "24:00" is the end of the day. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** Problems with a list of ranges that a schema cannot express (order, overlap); undefined when fine. */
export function rangesProblem(ranges: readonly TimeRange[], field: string): string | undefined {
  const sorted = [...ranges].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
  for (const [i, range] of sorted.entries()) {
    if (minutesOf(range.end) <= minutesOf(range.start)) {
      return `"${field}" has a range that ends (${range.end}) before it starts (${range.start}).`;
    }
    const next = sorted[i + 1];
    if (next && minutesOf(next.start) < minutesOf(range.end)) {
      return `"${field}" has overlapping ranges (${range.start}–${range.end} and ${next.start}–${next.end}).`;
    }
  }
  return undefined;
}

export function hoursProblem(hours: WeeklyHours, field = 'workingHours'): string | undefined {
  for (const day of WEEKDAYS) {
    const problem = rangesProblem(hours[day], `${field}.${day}`);
    if (problem) return problem;
  }
  return undefined;
}
