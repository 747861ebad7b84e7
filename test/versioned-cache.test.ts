import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from '../src/db/sqlite/connection.ts';
import type { Database } from '../src/db/database.ts';
import type { Db, Tx } from '../src/db/transaction.ts';
import { tempDataDir } from './helpers/app.ts';
import { addBusiness as addNamed, checkCacheInTransaction } from './helpers/cache-in-transaction.ts';

/** A turn of the event loop: the SQLite signal looks at data_version once per turn. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('a versioned cache', () => {
  let dir: string;
  let database: Database;
  let n = 0;

  before(async () => {
    dir = tempDataDir();
    database = await openDatabase(dir);
  });
  after(() => database.close());

  const addBusiness = (db: Db | Tx = database.db) => addNamed(db, `b${++n}`);
  const businessNames = async (db: Db | Tx) =>
    (await db.selectFrom('businesses').select('name').orderBy('id').execute()).map((r) => r.name);
  /** A cache on `directory` whose loader counts its calls. */
  const counted = () => {
    const cache = database.cache<string, string[]>(['directory']);
    const loads = { n: 0 };
    const get = (via: Db | Tx = database.db) =>
      cache.get('names', via, async () => {
        loads.n += 1;
        return businessNames(via);
      });
    return { get, loads };
  };

  it('answers from memory until a write to its topic, then loads again', async () => {
    const { get, loads } = counted();
    await get();
    await get();
    assert.equal(loads.n, 1);
    await addBusiness(); // outside a transaction
    assert.equal((await get()).length, n);
    assert.equal(loads.n, 2);
    await database.transaction(async (trx) => void (await addBusiness(trx)));
    assert.equal((await get()).length, n);
    assert.equal(loads.n, 3);
  });

  it('is not made stale by writes its topics do not cover', async () => {
    const { get, loads } = counted();
    await get();
    await database.transaction((trx) => trx.insertInto('settings').values({ key: 'unrelated', value: 'v' }).execute());
    await get();
    assert.equal(loads.n, 1);
  });

  it('sees a write by another connection by the next turn of the event loop', async () => {
    const { get, loads } = counted();
    await get();
    const other = new BetterSqlite3(path.join(dir, 'booking.db'));
    other.prepare("update businesses set name = 'renamed elsewhere' where id = 1").run();
    other.close();
    await nextTurn();
    assert.ok((await get()).includes('renamed elsewhere'));
    assert.equal(loads.n, 2);
  });

  it("inside a transaction, sees the transaction's own writes, and keeps what it read only once committed", async () => {
    const { get, loads } = counted();
    await get();
    const inside = await database.transaction(async (trx) => {
      await addBusiness(trx);
      const names = await get(trx);
      await get(trx); // not stored yet: loads again
      return names;
    });
    assert.equal(inside.length, n);
    assert.equal(loads.n, 3);
    assert.deepEqual(await get(), inside, 'stored after the commit');
    assert.equal(loads.n, 3);
  });

  it('keeps nothing read inside a batch that is given up as a whole', async () => {
    const { get, loads } = counted();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const holding = database.transaction(() => gate);
    const settled = Promise.allSettled([
      database.transaction(async (trx) => void (await addBusiness(trx))),
      // Reads the first job's uncommitted row: what it loads must not outlive the batch.
      database.transaction((trx) => get(trx)),
      database.transaction(async (trx) => {
        await trx.executeQuery({
          sql: 'rollback',
          parameters: [],
          query: { kind: 'RawNode' } as never,
          queryId: { queryId: 'x' } as never,
        });
        throw new Error('the transaction is gone');
      }),
    ]);
    release();
    await holding.catch(() => undefined);
    const results = await settled;
    assert.ok(
      results.every((r) => r.status === 'rejected'),
      JSON.stringify(results.map((r) => r.status)),
    );
    const names = await get();
    assert.equal(loads.n, 2, 'nothing of the failed batch was kept');
    assert.equal(names.length, n - 1);
  });

  it('does not keep a value loaded outside a transaction while this connection is inside one', async () => {
    const cache = database.cache<string, string[]>(['directory']);
    const before = await businessNames(database.db);
    await assert.rejects(
      database.transaction(async (trx) => {
        await addBusiness(trx);
        // Asked outside the transaction, but on its connection (as a read of SQLite's own
        // connection would be): what it loads includes the uncommitted row.
        const seen = await cache.get('names', database.db, () => businessNames(trx));
        assert.equal(seen.length, before.length + 1);
        throw new Error('refused');
      }),
      /refused/,
    );
    assert.deepEqual(await cache.get('names', database.db, () => businessNames(database.db)), before);
  });

  it('answers what is current after a commit overtook a load', async () => {
    const cache = database.cache<string, string>(['directory']);
    let finishLoad!: (value: string) => void;
    const loading = cache.get('k', database.db, () => new Promise<string>((resolve) => (finishLoad = resolve)));
    await addBusiness(); // the data changed while the old value was being read
    finishLoad('stale');
    assert.equal(await loading, 'stale', 'the caller still gets what it read');
    assert.equal(await cache.get('k', database.db, async () => 'fresh'), 'fresh');
    assert.equal(await cache.get('k', database.db, async () => 'not asked'), 'fresh');
  });

  it('does not keep an undefined result', async () => {
    const cache = database.cache<string, string>(['keys']);
    assert.equal(await cache.get('missing', database.db, async () => undefined), undefined);
    let loads = 0;
    await cache.get('missing', database.db, async () => void loads++);
    assert.equal(loads, 1);
  });

  it("inside a transaction, reads the versions once, yet sees the transaction's own writes and their undoing", async () => {
    const statements: string[] = [];
    const counting = await openDatabase(tempDataDir(), { onQuery: (text) => statements.push(text) });
    try {
      await checkCacheInTransaction(counting, () => statements.filter((text) => text.includes('"cache_versions"')).length);
    } finally {
      await counting.close();
    }
  });
});
