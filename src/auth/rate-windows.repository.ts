import { CompiledQuery } from 'kysely';
import { nameStatement } from '../db/statement-names.ts';
import type { Db } from '../db/transaction.ts';

/** A key's minute and day windows as they stand after one request, and whether it counted. */
export interface SharedWindows {
  minuteStart: number;
  minuteCount: number;
  dayStart: number;
  dayCount: number;
  admitted: boolean;
}

/** The count a window held before this request: its own if it is the current one (or newer), else 0. */
const MINUTE_BEFORE = '(case when w.minute_start >= excluded.minute_start then w.minute_count else 0 end)';
const DAY_BEFORE = '(case when w.day_start >= excluded.day_start then w.day_count else 0 end)';
const ADMITTED = `(${MINUTE_BEFORE} < $4 and ${DAY_BEFORE} < $5)`;

/**
 * One statement, fixed text, parameters $1-$5: key, minute start, day start, per minute, per day.
 * The upsert locks the key's row, so concurrent requests on any server are counted one after the
 * other. A window start never goes back, so a server whose clock lags a little counts in the
 * newer window another server opened.
 */
const TAKE = `
  insert into rate_windows as w (api_key_id, minute_start, minute_count, day_start, day_count, admitted)
  select $1, $2, 1, $3, 1, true from (select set_config('synchronous_commit', 'off', true)) as async_commit
  on conflict (api_key_id) do update set
    minute_start = greatest(w.minute_start, excluded.minute_start),
    day_start = greatest(w.day_start, excluded.day_start),
    admitted = ${ADMITTED},
    minute_count = ${MINUTE_BEFORE} + (case when ${ADMITTED} then 1 else 0 end),
    day_count = ${DAY_BEFORE} + (case when ${ADMITTED} then 1 else 0 end)
  returning minute_start as "minuteStart", minute_count as "minuteCount", day_start as "dayStart",
    day_count as "dayCount", admitted`;
// Every admitted request runs it: parsed and planned once per connection (src/db/statement-names.ts).
nameStatement(TAKE, 'rate_take');

/**
 * Counts one request against a key's windows in rate_windows (PostgreSQL's migration 0011) if both
 * have room, starting a window anew once its start has passed, and returns them as they now stand.
 * For several servers on one database: the count is the same whichever server answers.
 */
export async function takeSharedWindows(
  db: Db,
  request: { apiKeyId: number; minuteStart: number; dayStart: number; perMinute: number; perDay: number },
): Promise<SharedWindows> {
  const { rows } = await db.executeQuery<SharedWindows>(
    CompiledQuery.raw(TAKE, [request.apiKeyId, request.minuteStart, request.dayStart, request.perMinute, request.perDay]),
  );
  return rows[0]!;
}
