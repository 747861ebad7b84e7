import { DateTime } from 'luxon';
import { localInstant } from './local-time.ts';

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
  const at = DateTime.fromMillis(startAt - leadMinutes * 60_000, { zone });
  const minute = at.hour * 60 + at.minute;
  if (minute >= NIGHT_ENDS && minute < NIGHT_STARTS) return at.toMillis();
  const evening = minute >= NIGHT_STARTS ? at : at.minus({ days: 1 });
  return localInstant(evening.toISODate()!, EVENING, zone);
}
