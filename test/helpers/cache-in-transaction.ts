import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import type { Db, Tx } from '../../src/db/transaction.ts';

/** Adds a business named `name`: a write to the `directory` topic. */
export function addBusiness(db: Db | Tx, name: string) {
  return db
    .insertInto('businesses')
    .values({ name, timezone: 'UTC', currency: 'EUR', working_hours: '{}', slot_step_minutes: 15, created_at: 0, updated_at: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * Both drivers read the caches' versions once per transaction and answer later reads from memory
 * (src/db/cache-statements.ts). Checks, on an empty database of either engine, that a cache still
 * sees the transaction's own writes and their undoing by a rollback to a savepoint, and keeps
 * nothing under a version that was undone. `versionReads`, when the engine can count statements,
 * is how many times the versions were read so far: once per transaction, however many lookups.
 */
export async function checkCacheInTransaction(database: Database, versionReads?: () => number): Promise<void> {
  let n = 0;
  const add = (db: Db | Tx) => addBusiness(db, `b${++n}`);
  const cache = database.cache<string, string[]>(['directory']);
  const names = (db: Db | Tx) =>
    cache.get('names', db, async () => (await db.selectFrom('businesses').select('name').orderBy('id').execute()).map((r) => r.name));
  const readsDuring = async (work: () => Promise<void>) => {
    const before = versionReads?.() ?? 0;
    await work();
    return (versionReads?.() ?? 0) - before;
  };

  await add(database.db);
  assert.deepEqual(await names(database.db), ['b1']); // kept, stamped with the committed versions
  await database.transaction(async (trx) => {
    const reads = await readsDuring(async () => {
      for (let i = 0; i < 5; i++) assert.deepEqual(await names(trx), ['b1']);
    });
    if (versionReads) assert.equal(reads, 1, 'five lookups, one read of the versions');
    await add(trx);
    assert.deepEqual(await names(trx), ['b1', 'b2'], 'its own write is seen after the versions were read');
    // Undone by a rollback to a savepoint: what was read meanwhile must not be kept under the undone version.
    await sql`savepoint before_b3`.execute(trx);
    await add(trx);
    assert.deepEqual(await names(trx), ['b1', 'b2', 'b3']);
    await sql`rollback to savepoint before_b3`.execute(trx);
    assert.deepEqual(await names(trx), ['b1', 'b2']);
  });
  // b4 takes the version the undone b3 had inside the transaction: a value kept under it would be stale.
  await add(database.db);
  assert.deepEqual(await names(database.db), ['b1', 'b2', 'b4']);
  // The next transaction reads the versions anew: b4 moved them.
  const reads = await readsDuring(() => database.transaction(async (trx) => assert.deepEqual(await names(trx), ['b1', 'b2', 'b4'])));
  if (versionReads) assert.equal(reads, 1);
}
