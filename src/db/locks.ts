import { sql } from 'kysely';
import { isPostgres } from './dialect.ts';
import { nameStatement } from './statement-names.ts';
import type { Tx } from './transaction.ts';

/**
 * Holds the lock called `name` until the caller's transaction ends, so the transactions of every
 * server that take it run their count-then-write one after another. PostgreSQL: a
 * transaction-level advisory lock on the name's hash. SQLite runs one write transaction at a
 * time already, so there is nothing to take. With `first`, that lock is taken before this one in
 * the same statement (a booking's staff member, then its new client: one round trip, not two).
 */
export async function lockNamed(trx: Tx, name: string, first?: LockPair): Promise<void> {
  if (!isPostgres(trx)) return;
  if (!first) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(trx);
    return;
  }
  // `first` before the name, in one round trip: the subquery (kept apart by offset 0) runs first.
  const query = sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))
    from (select pg_advisory_xact_lock(${sql.lit(first[0])}, ${first[1]}::int) offset 0) as earlier`.compile(trx);
  // Every booking for a new client runs it: planned once per connection (src/db/statement-names.ts).
  nameStatement(query.sql, `lock_${first[0]}_then_named`);
  await trx.executeQuery(query);
}

/** A lock of the two-number form (lockPair): its space and id. */
export type LockPair = readonly [space: number, id: number];

/**
 * The lock (`space`, `id`) until the transaction ends: the two-number form, for a lock the
 * database's own triggers take as well (migration 0007's staff lock, space 7140311).
 * SQLite: nothing to take, as for lockNamed.
 */
export async function lockPair(trx: Tx, space: number, id: number): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(${sql.lit(space)}, ${id}::int)`.execute(trx);
}
