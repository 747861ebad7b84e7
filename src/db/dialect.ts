import { PostgresAdapter, sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';

/**
 * How each engine says what repositories ask for: they say what (a subquery of ids, rows locked,
 * a case-insensitive match) and this file says how, so no file outside src/db asks which engine runs.
 */

/** True when `db` (a Kysely instance or a transaction) talks to PostgreSQL. Only src/db asks. */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * `column` is one of the whole numbers in `json` (a JSON array as text), for `where(…)`: one
 * statement text for any number of ids, so it stays prepared. On PostgreSQL the array is a value
 * (`= any(…::bigint[])`), not a subquery: the planner then walks the column's index for each id
 * (the busy-time check on 8 000 bookings: 0.50 ms → 0.03 ms), where a subquery of
 * json_array_elements, estimated at 100 rows, made it scan every live booking.
 */
export function inJsonIds(db: Kysely<any>, column: string, json: unknown): RawBuilder<SqlBool> {
  return isPostgres(db)
    ? sql<SqlBool>`${sql.ref(column)} = any(translate(${json}, '[]', '{}')::bigint[])`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${json}))`;
}

/** A bound whole number in arithmetic: PostgreSQL would otherwise guess a 32-bit integer for it. */
export function bigint(db: Kysely<any>, value: unknown): RawBuilder<number> {
  return isPostgres(db) ? sql<number>`${value}::bigint` : sql<number>`${value}`;
}

/** LIKE that ignores ASCII case: SQLite's LIKE does; PostgreSQL's ILIKE does the same. */
export function caseInsensitiveLike(db: Kysely<any>): RawBuilder<unknown> {
  return sql.raw(isPostgres(db) ? 'ilike' : 'like');
}

/** The greater of two whole numbers (PostgreSQL's greatest(), SQLite's two-argument max()). */
export function greatest(db: Kysely<any>, a: RawBuilder<unknown>, b: RawBuilder<unknown>): RawBuilder<number> {
  return isPostgres(db) ? sql<number>`greatest(${a}, ${b})` : sql<number>`max(${a}, ${b})`;
}

/**
 * How `query`'s rows are locked until the transaction ends, for writers on other servers:
 * - `update`: they wait (FOR UPDATE);
 * - `no key update`: they wait to change the rows, but may still insert rows that refer to them
 *   (FOR NO KEY UPDATE);
 * - `skip locked`: rows another transaction holds are left out, for a queue (FOR UPDATE SKIP LOCKED).
 * SQLite runs one write transaction at a time: what a transaction read stands until it ends, so
 * the query is sent as it is.
 */
export type RowLock = 'update' | 'no key update' | 'skip locked';

export function lockingRows<Q extends SelectQueryBuilder<any, any, any>>(db: Kysely<any>, query: Q, lock: RowLock): Q {
  if (!isPostgres(db)) return query;
  if (lock === 'update') return query.forUpdate() as Q;
  if (lock === 'no key update') return query.forNoKeyUpdate() as Q;
  return query.forUpdate().skipLocked() as Q;
}

/**
 * The rows of `json` (a JSON array of arrays, as text) as a table `r` for an UPDATE … FROM, with
 * readers for element `i` of a row: one statement text for any number of rows, so it stays
 * prepared. PostgreSQL reads JSON text and is told the types; SQLite's ->> gives the value as it is.
 */
export function jsonRows(db: Kysely<any>, json: string) {
  const postgres = isPostgres(db);
  const at = (i: number) => sql`r.value ->> ${sql.lit(i)}`;
  return {
    table: postgres ? sql`json_array_elements(${json}::json) as r (value)` : sql`json_each(${json}) as r`,
    text: (i: number) => at(i),
    wholeNumber: (i: number) => (postgres ? sql`(${at(i)})::bigint` : at(i)),
    /** A number with decimals, stored rounded to a whole one (SQLite keeps what its column's affinity makes of it). */
    rounded: (i: number) => (postgres ? sql`round((${at(i)})::numeric)::bigint` : at(i)),
  };
}
