import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openDatabase, type Database } from '../src/db/connection.ts';
import { Memo } from '../src/db/memo.ts';
import { afterCommit, inTransaction, reportGroupCommitFailuresTo } from '../src/db/transaction.ts';
import { tempDataDir } from './helpers/app.ts';

describe('group commit', () => {
  let database: Database;

  before(async () => {
    database = await openDatabase(tempDataDir());
  });
  after(() => database.close());

  const insert = (trx: Parameters<Parameters<typeof inTransaction>[1]>[0], key: string) =>
    trx.insertInto('settings').values({ key, value: 'v' }).execute();
  /** Holds the group busy until released, so what is started meanwhile is committed as one batch. */
  const busy = () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = inTransaction(database.kysely, () => gate);
    return async () => {
      release();
      // The gate may share the batch it holds open, and fail with it; that is the next test's point.
      await running.catch(() => undefined);
    };
  };
  const keys = async () => (await database.kysely.selectFrom('settings').select('key').execute()).map((r) => r.key).sort();

  it('commits concurrent transactions together; a failing one rolls back alone', async () => {
    const hooks: string[] = [];
    const release = busy();
    const settled = Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        inTransaction(database.kysely, async (trx) => {
          await insert(trx, `row-${i}`);
          afterCommit(trx, () => hooks.push(`row-${i}`));
          if (i === 4) throw new Error('refused');
          return i;
        }),
      ),
    );
    await release();
    const results = await settled;
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled'],
    );
    assert.equal((results[4] as PromiseRejectedResult).reason.message, 'refused');
    assert.deepEqual(await keys(), ['row-0', 'row-1', 'row-2', 'row-3', 'row-5', 'row-6', 'row-7', 'row-8', 'row-9']);
    assert.deepEqual(hooks.sort(), ['row-0', 'row-1', 'row-2', 'row-3', 'row-5', 'row-6', 'row-7', 'row-8', 'row-9']);
  });

  it('lets later work in a batch see earlier work, as if run one after another', async () => {
    const seen = await Promise.all([
      inTransaction(database.kysely, (trx) => insert(trx, 'first')),
      inTransaction(database.kysely, (trx) => insert(trx, 'second')),
      inTransaction(database.kysely, async (trx) => (await trx.selectFrom('settings').select('key').where('key', 'in', ['first', 'second']).execute()).length),
    ]);
    assert.equal(seen[2], 2);
  });

  it('fails every transaction of a batch whose commit cannot happen, and keeps none of it', async () => {
    const before = await keys();
    // A refusal inside one job is its own; a transaction SQLite gave up (SQLITE_FULL, say) is
    // everyone's. Simulate the latter by having a job end the transaction underneath the batch.
    const release = busy();
    const settled = Promise.allSettled([
      inTransaction(database.kysely, (trx) => insert(trx, 'lost-1')),
      inTransaction(database.kysely, (trx) => insert(trx, 'lost-2')),
      inTransaction(database.kysely, async (trx) => {
        await trx.executeQuery({ sql: 'rollback', parameters: [], query: { kind: 'RawNode' } as never, queryId: { queryId: 'x' } as never });
        throw new Error('the transaction is gone');
      }),
    ]);
    await release();
    const results = await settled;
    assert.ok(results.every((r) => r.status === 'rejected'), JSON.stringify(results.map((r) => r.status)));
    assert.deepEqual(await keys(), before);
    // And the next transaction works as usual.
    await inTransaction(database.kysely, (trx) => insert(trx, 'after'));
    assert.ok((await keys()).includes('after'));
  });

  it('runs every hook and settles every job when a hook throws', async () => {
    const reported: string[] = [];
    reportGroupCommitFailuresTo(database.kysely, (error, what) => reported.push(`${what}: ${(error as Error).message}`));
    const ran: number[] = [];
    const release = busy();
    const settled = Promise.allSettled(
      [0, 1, 2].map((i) =>
        inTransaction(database.kysely, async (trx) => {
          await insert(trx, `hooked-${i}`);
          if (i === 0) afterCommit(trx, () => { throw new Error('hook bug'); });
          afterCommit(trx, () => ran.push(i));
          return i;
        }),
      ),
    );
    await release();
    assert.deepEqual((await settled).map((r) => r.status), ['fulfilled', 'fulfilled', 'fulfilled']);
    assert.deepEqual(ran.sort(), [0, 1, 2], 'the hooks after the throwing one ran too');
    assert.deepEqual(reported, ['after-commit hook failed: hook bug']);
    // Alone in its batch, too.
    await inTransaction(database.kysely, async (trx) => {
      afterCommit(trx, () => { throw new Error('lonely bug'); });
      afterCommit(trx, () => ran.push(3));
    });
    assert.deepEqual(ran.sort(), [0, 1, 2, 3]);
    assert.equal(reported[1], 'after-commit hook failed: lonely bug');
  });
});

describe('a Memo', () => {
  let database: Database;

  before(async () => {
    database = await openDatabase(tempDataDir());
  });
  after(() => database.close());

  const settingKeys = async (db: Parameters<Parameters<typeof inTransaction>[1]>[0] | Database['kysely']) =>
    (await db.selectFrom('settings').select('key').orderBy('key').execute()).map((r) => r.key);

  it('keeps nothing read inside a batch that is given up as a whole', async () => {
    const memo = new Memo<string, string[]>(database);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const holding = inTransaction(database.kysely, () => gate);
    const settled = Promise.allSettled([
      inTransaction(database.kysely, (trx) => trx.insertInto('settings').values({ key: 'never-committed', value: 'v' }).execute()),
      // Reads the first job's uncommitted row: what it loads must not outlive the batch.
      inTransaction(database.kysely, (trx) => memo.get('keys', trx, () => settingKeys(trx))),
      inTransaction(database.kysely, async (trx) => {
        await trx.executeQuery({ sql: 'rollback', parameters: [], query: { kind: 'RawNode' } as never, queryId: { queryId: 'x' } as never });
        throw new Error('the transaction is gone');
      }),
    ]);
    release();
    await holding.catch(() => undefined);
    const results = await settled;
    assert.ok(results.every((r) => r.status === 'rejected'), JSON.stringify(results.map((r) => r.status)));
    assert.equal(memo.peek('keys'), undefined, 'nothing of the failed batch is cached');
    assert.ok(!(await memo.get('keys', database.kysely, () => settingKeys(database.kysely))).includes('never-committed'));
  });

  it('keeps what a committed transaction read, once it has committed', async () => {
    const memo = new Memo<string, string[]>(database);
    let cachedDuringWork: string[] | undefined = ['not looked at'];
    const value = await inTransaction(database.kysely, async (trx) => {
      await trx.insertInto('settings').values({ key: 'committed-row', value: 'v' }).execute();
      const read = await memo.get('keys', trx, () => settingKeys(trx));
      cachedDuringWork = memo.peek('keys');
      return read;
    });
    assert.equal(cachedDuringWork, undefined, 'not before the commit');
    assert.deepEqual(memo.peek('keys'), value);
    assert.ok(value.includes('committed-row'));
  });

  it('does not keep a value whose load began before a clear', async () => {
    const memo = new Memo<string, string>(database);
    let finishLoad!: (value: string) => void;
    const loading = memo.get('k', database.kysely, () => new Promise<string>((resolve) => (finishLoad = resolve)));
    memo.clear(); // the data changed while the old value was being read
    finishLoad('stale');
    assert.equal(await loading, 'stale', 'the caller still gets what it read');
    assert.equal(memo.peek('k'), undefined);
    assert.equal(await memo.get('k', database.kysely, async () => 'fresh'), 'fresh');
    assert.equal(memo.peek('k'), 'fresh');
  });

  it('does not keep an undefined result', async () => {
    const memo = new Memo<string, string>(database);
    assert.equal(await memo.get('missing', database.kysely, async () => undefined), undefined);
    let loads = 0;
    await memo.get('missing', database.kysely, async () => void loads++);
    assert.equal(loads, 1);
  });
});
