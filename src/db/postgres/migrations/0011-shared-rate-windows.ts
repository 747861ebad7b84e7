import { sql, type Kysely } from 'kysely';

/**
 * PostgreSQL's 0011 (src/db/migrations/0011-shared-rate-windows.ts; nothing to do on SQLite):
 * each key's current minute and UTC day windows, counted by whichever server answers, in one
 * row changed by one atomic upsert per request (src/http/rate-limit.ts). Starts and counts are
 * Unix ms; `admitted` says whether the last request counted. Today's count from rate_counters
 * (written by a server before this migration) carries over.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table rate_windows (
      api_key_id bigint primary key references api_keys (id) on delete cascade,
      minute_start bigint not null,
      minute_count bigint not null,
      day_start bigint not null,
      day_count bigint not null,
      admitted boolean not null
    );
    insert into rate_windows (api_key_id, minute_start, minute_count, day_start, day_count, admitted)
      select api_key_id, 0, 0, (extract(epoch from day::date) * 1000)::bigint, count, true
      from rate_counters
      where day = to_char(now() at time zone 'UTC', 'YYYY-MM-DD');
  `.execute(db);
}
