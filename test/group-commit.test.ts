import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openDatabase } from '../src/db/sqlite/connection.ts';
import type { Database } from '../src/db/database.ts';
import type { Tx } from '../src/db/transaction.ts';
import { tempDataDir } from './helpers/app.ts';

describe('group commit', () => {
  let database: Database;

  before(async () => {
    database = await openDatabase(tempDataDir());
  });
  after(() => database.close());

  const insert = (trx: Tx, key: string) => trx.insertInto('settings').values({ key, value: 'v' }).execute();
  /** Holds the group busy until released, so what is started meanwhile is committed as one batch. */
  const busy = () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = database.transaction(() => gate);
    return async () => {
      release();
      // The gate may share the batch it holds open, and fail with it; that is the next test's point.
      await running.catch(() => undefined);
    };
  };
  const keys = async () => (await database.db.selectFrom('settings').select('key').execute()).map((r) => r.key).sort();

  it('commits concurrent transactions together; a failing one rolls back alone', async () => {
    const hooks: string[] = [];
    const release = busy();
    const settled = Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        database.transaction(async (trx) => {
          await insert(trx, `row-${i}`);
          database.afterCommit(trx, () => hooks.push(`row-${i}`));
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
      database.transaction((trx) => insert(trx, 'first')),
      database.transaction((trx) => insert(trx, 'second')),
      database.transaction(
        async (trx) => (await trx.selectFrom('settings').select('key').where('key', 'in', ['first', 'second']).execute()).length,
      ),
    ]);
    assert.equal(seen[2], 2);
  });

  it('fails every transaction of a batch whose commit cannot happen, and keeps none of it', async () => {
    const before = await keys();
    // A refusal inside one job is its own; a transaction SQLite gave up (SQLITE_FULL, say) is
    // everyone's. Simulate the latter by having a job end the transaction underneath the batch.
    const release = busy();
    const settled = Promise.allSettled([
      database.transaction((trx) => insert(trx, 'lost-1')),
      database.transaction((trx) => insert(trx, 'lost-2')),
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
    await release();
    const results = await settled;
    assert.ok(
      results.every((r) => r.status === 'rejected'),
      JSON.stringify(results.map((r) => r.status)),
    );
    assert.deepEqual(await keys(), before);
    // And the next transaction works as usual.
    await database.transaction((trx) => insert(trx, 'after'));
    assert.ok((await keys()).includes('after'));
  });

  it('lets the event loop turn before every batch, however fast one caller queues the next', async () => {
    // A caller that starts its next transaction the moment the last one resolves must not keep
    // the loop in microtasks: timers, sockets and the delivery engine's wake-ups wait on a turn.
    let done = 0;
    let turnAfter = -1;
    for (let i = 0; i < 20; i++) {
      await database.transaction((trx) => insert(trx, `chained-${i}`));
      done += 1;
      if (i === 0) setImmediate(() => (turnAfter = done));
    }
    assert.ok(turnAfter >= 1 && turnAfter <= 3, `the event loop turned only after ${turnAfter} of 20 transactions`);
  });

  it('runs every hook and settles every job when a hook throws', async () => {
    const reported: string[] = [];
    database.reportFailuresTo((error, what) => reported.push(`${what}: ${(error as Error).message}`));
    const ran: number[] = [];
    const release = busy();
    const settled = Promise.allSettled(
      [0, 1, 2].map((i) =>
        database.transaction(async (trx) => {
          await insert(trx, `hooked-${i}`);
          if (i === 0)
            database.afterCommit(trx, () => {
              throw new Error('hook bug');
            });
          database.afterCommit(trx, () => ran.push(i));
          return i;
        }),
      ),
    );
    await release();
    assert.deepEqual(
      (await settled).map((r) => r.status),
      ['fulfilled', 'fulfilled', 'fulfilled'],
    );
    assert.deepEqual(ran.sort(), [0, 1, 2], 'the hooks after the throwing one ran too');
    assert.deepEqual(reported, ['after-commit hook failed: hook bug']);
    // Alone in its batch, too.
    await database.transaction(async (trx) => {
      database.afterCommit(trx, () => {
        throw new Error('lonely bug');
      });
      database.afterCommit(trx, () => ran.push(3));
    });
    assert.deepEqual(ran.sort(), [0, 1, 2, 3]);
    assert.equal(reported[1], 'after-commit hook failed: lonely bug');
  });
});
