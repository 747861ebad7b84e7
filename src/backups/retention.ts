import { DateTime } from 'luxon';

/** How many backups to keep: the newest of each of the last `daily` days, `weekly` weeks and `monthly` months that have one. */
export interface Keep {
  readonly daily: number;
  readonly weekly: number;
  readonly monthly: number;
}

export interface Dated {
  readonly name: string;
  /** When it was taken, Unix ms. */
  readonly at: number;
}

/**
 * The backups to keep, as restic's `forget --keep-daily/--keep-weekly/--keep-monthly` picks them:
 * for each rule, the newest backup of each of the last N days (weeks, months) in the salon's time
 * zone that have a backup at all, so a computer that was off for a fortnight still keeps N; the
 * union of the rules; and always the newest backup, whatever the rules say.
 */
export function toKeep(backups: readonly Dated[], keep: Keep, timeZone: string): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.at - a.at || (a.name < b.name ? 1 : -1));
  const kept = new Set<string>();
  if (newestFirst[0]) kept.add(newestFirst[0].name);
  const rules: Array<[number, (at: DateTime) => string]> = [
    [keep.daily, (at) => at.toISODate()!],
    [keep.weekly, (at) => `${at.weekYear}-W${at.weekNumber}`],
    [keep.monthly, (at) => at.toFormat('yyyy-MM')],
  ];
  for (const [count, periodOf] of rules) {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      if (seen.size >= count) break;
      const period = periodOf(DateTime.fromMillis(backup.at, { zone: timeZone }));
      if (seen.has(period)) continue;
      seen.add(period);
      kept.add(backup.name);
    }
  }
  return kept;
}
