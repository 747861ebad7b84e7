/** Opening hours by weekday, in the business's own time zone: "09:00"–"18:00", several per day allowed. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface TimeRange {
  readonly open: string;
  readonly close: string;
}

export type WeeklyHours = Readonly<Record<Weekday, readonly TimeRange[]>>;

/** Mon–Sat 09:00–18:00, what a new business starts with until the salon sets its own. */
export const DEFAULT_HOURS: WeeklyHours = {
  mon: [{ open: '09:00', close: '18:00' }],
  tue: [{ open: '09:00', close: '18:00' }],
  wed: [{ open: '09:00', close: '18:00' }],
  thu: [{ open: '09:00', close: '18:00' }],
  fri: [{ open: '09:00', close: '18:00' }],
  sat: [{ open: '09:00', close: '18:00' }],
  sun: [],
};

/** Minutes since midnight of "HH:MM"; "24:00" is the end of the day. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** Problems with a WeeklyHours value that a schema cannot express (order, overlap). */
export function hoursProblem(hours: WeeklyHours, field = 'workingHours'): string | undefined {
  for (const day of WEEKDAYS) {
    const ranges = [...(hours[day] ?? [])].sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
    for (const [i, range] of ranges.entries()) {
      if (minutesOf(range.close) <= minutesOf(range.open)) {
        return `"${field}.${day}" has a range that closes (${range.close}) before it opens (${range.open}).`;
      }
      const next = ranges[i + 1];
      if (next && minutesOf(next.open) < minutesOf(range.close)) {
        return `"${field}.${day}" has overlapping ranges (${range.open}–${range.close} and ${next.open}–${next.close}).`;
      }
    }
  }
  return undefined;
}
