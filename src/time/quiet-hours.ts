import { Info } from 'luxon';
import { datePlusDays, localInstant } from './local-time.ts';

/** The salon's night, in its time zone: no reminder goes out from 21:00 to 08:00. */
const NIGHT_STARTS = 21 * 60;
const NIGHT_ENDS = 8 * 60;
/** A reminder that would fall in the night goes out at this time the evening before it instead. */
const EVENING = '20:00';

/**
 * When the reminder of a visit at `startAt` goes out: `leadMinutes` before it, or, when that falls
 * in the salon's night, at 20:00 the evening the night began (earlier, never later). Undefined
 * when the salon sends none (a lead of 0).
 */
export function reminderTime(startAt: number, leadMinutes: number, zone: string): number | undefined {
  if (leadMinutes <= 0) return undefined;
  const at = startAt - leadMinutes * 60_000;
  // The wall clock at `at`, read as UTC: what luxon's DateTime in the zone would say, without
  // building one (one per booking; this runs in the booking's transaction).
  const wall = at + Info.normalizeZone(zone).offset(at) * 60_000;
  const minute = Math.floor(wall / 60_000) - Math.floor(wall / 86_400_000) * 1440;
  if (minute >= NIGHT_ENDS && minute < NIGHT_STARTS) return at;
  const date = new Date(wall).toISOString().slice(0, 10);
  return localInstant(minute >= NIGHT_STARTS ? date : datePlusDays(date, -1), EVENING, zone);
}
