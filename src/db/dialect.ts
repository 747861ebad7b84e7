import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

/** True when `db` (a Kysely instance or a transaction) talks to PostgreSQL. */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * A subquery of the whole numbers in `json` (a JSON array as text), for `where(column, 'in', …)`:
 * one statement text for any number of ids, so it stays prepared.
 */
export function jsonIds(db: Kysely<any>, json: unknown): RawBuilder<number> {
  return isPostgres(db)
    ? sql<number>`(select value::bigint from json_array_elements_text(${json}::json))`
    : sql<number>`(select value from json_each(${json}))`;
}

/** A bound whole number in arithmetic: PostgreSQL would otherwise guess a 32-bit integer for it. */
export function bigint(db: Kysely<any>, value: unknown): RawBuilder<number> {
  return isPostgres(db) ? sql<number>`${value}::bigint` : sql<number>`${value}`;
}
