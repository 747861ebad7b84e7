import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Dispatched } from '../src/delivery/attempt.ts';
import type { Policy } from '../src/delivery/lifecycle.ts';
import { record } from '../src/delivery/record.ts';
import { RetrySchedule } from '../src/delivery/schedule.ts';
import { claimDueAttempts, type ClaimedAttempt } from '../src/delivery/sql/claim-due-attempts.ts';
import { TestClock } from './helpers/clock.ts';
import { deliverySuite } from './helpers/delivery-suite.ts';
import { testingOnPostgres } from './helpers/postgres.ts';
import { sleep } from './helpers/wait.ts';

/**
 * The queue's batched statements (on PostgreSQL one statement for an event and its deliveries, one
 * for a batch's claim, two for a batch's results; src/db/queue.ts) meeting a failure in the middle
 * of a batch: whatever fails takes its whole transaction with it, nothing is half-written, and once
 * the failure is gone every delivery is sent and recorded, once. Runs on both engines (the
 * PostgreSQL leg of npm test runs it again).
 */

const postgres = testingOnPostgres();

/** A trigger that refuses a write to `table` when `condition` (on the row's `new` or `old`) holds. */
async function refuse(db: any, name: string, table: string, when: 'insert' | 'update', condition: string): Promise<void> {
  if (postgres) {
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin if ${condition} then raise exception '${name}'; end if; return new; end $$;
         create trigger ${name} before ${when} on ${table} for each row execute function ${name}();`,
      )
      .execute(db);
  } else {
    await sql
      .raw(`create trigger ${name} before ${when} on ${table} when ${condition} begin select raise(abort, '${name}'); end`)
      .execute(db);
  }
}

async function allow(db: any, name: string, table: string): Promise<void> {
  await sql.raw(`drop trigger ${name}${postgres ? ` on ${table}` : ''}`).execute(db);
  if (postgres) await sql.raw(`drop function ${name}()`).execute(db);
}

const POLICY: Policy = { schedule: new RetrySchedule([0, 60, 300, 900, 3600, 14400]), failuresBeforeDisable: 1000 };

/** `n` deliveries to the webhook with their first attempts, due in an hour (the engine leaves them); their attempt ids. */
async function queued(db: any, webhookId: number, name: string, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const { rows } = await sql<{ id: number }>`insert into deliveries (delivery_id, webhook_id, event_id, event, body, created_at)
      values (${`whdel_${name}_${i}`}, ${webhookId}, null, 'booking.created', '{}', ${CLOCK.now()}) returning id`.execute(db);
    const attempt = await sql<{
      id: number;
    }>`insert into delivery_attempts (delivery_pk, webhook_id, attempt_number, status, trigger, due_at, created_at, updated_at)
      values (${rows[0]!.id}, ${webhookId}, 1, 'pending', 'event', ${CLOCK.now() + 3_600_000}, ${CLOCK.now()}, ${CLOCK.now()}) returning id`.execute(
      db,
    );
    ids.push(Number(attempt.rows[0]!.id));
  }
  return ids;
}

/** The webhook's attempts, by id: [attempt number, status]. */
async function attempts(db: any, webhookId: number): Promise<Array<[number, string]>> {
  const { rows } = await sql<{ attempt_number: number; status: string }>`
    select attempt_number, status from delivery_attempts where webhook_id = ${webhookId} order by id`.execute(db);
  return rows.map((r) => [Number(r.attempt_number), r.status]);
}

/** Nothing left for the engine to send to this suite's receiver later. */
async function settle(db: any, webhookId: number): Promise<void> {
  await sql`update delivery_attempts set status = 'failed', lease_until = null where webhook_id = ${webhookId} and status = 'pending'`.execute(
    db,
  );
}

function failedWith500(attempt: ClaimedAttempt): Dispatched {
  return {
    kind: 'sent',
    attempt,
    ok: false,
    sentAt: CLOCK.now(),
    statusCode: 500,
    responseTimeMs: 5,
    errorMessage: 'receiver answered 500',
    responseExcerpt: 'down',
  };
}

const CLOCK = new TestClock();
/** Two hours on: every attempt queued() made is due. */
const LATER = () => CLOCK.now() + 2 * 3_600_000;

describe('a failure in the middle of a batch of the delivery queue', () => {
  const clock = CLOCK;
  const t = deliverySuite({ clock });

  it('an event for three webhooks whose second delivery cannot be written leaves no event, delivery or attempt; written again, each webhook gets it once', async () => {
    const db = t.app.context.db;
    const hooks: Array<{ id: number }> = [];
    for (const path of ['/one', '/two', '/three']) hooks.push(await t.app.webhook(t.key, t.receiver.url(path)));
    const rows = async () => ({
      events: Number(
        (await sql<{ n: number }>`select count(*) as n from events where business_id = ${t.businessId}`.execute(db)).rows[0]!.n,
      ),
      deliveries: Number(
        (
          await sql<{ n: number }>`select count(*) as n from deliveries where webhook_id in (${sql.join(hooks.map((h) => h.id))})`.execute(
            db,
          )
        ).rows[0]!.n,
      ),
      attempts: Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from delivery_attempts where webhook_id in (${sql.join(hooks.map((h) => h.id))})`.execute(db)
        ).rows[0]!.n,
      ),
    });
    const before = await rows();
    await refuse(db, 'refuse_second_delivery', 'deliveries', 'insert', `new.webhook_id = ${hooks[1]!.id}`);
    try {
      await assert.rejects(t.app.emit(t.businessId, 'booking.created', { bookingId: 7 }), /refuse_second_delivery/);
    } finally {
      await allow(db, 'refuse_second_delivery', 'deliveries');
    }
    assert.deepEqual(await rows(), before, 'nothing of the failed event was written');

    assert.equal(await t.app.emit(t.businessId, 'booking.created', { bookingId: 7 }), 3);
    await t.receiver.waitFor(3);
    for (const hook of hooks) assert.equal((await t.finished(hook.id)).length, 1);
    await sleep(200);
    assert.deepEqual(t.receiver.requests.map((r) => r.path).sort(), ['/one', '/three', '/two']);
    assert.deepEqual(await rows(), { events: before.events + 1, deliveries: 3, attempts: 3 });
  });

  it('a batch of results whose second row cannot be written leaves the whole batch pending; recorded again, every row has its result and its retry', async () => {
    const { database, db } = t.app.context;
    const webhook = await t.app.webhook(t.key, t.receiver.url('/batch'));
    const ids = await queued(db, webhook.id, 'batch', 3);
    const claimed = (await database.transaction((trx) => claimDueAttempts(trx, LATER(), 100, 60_000))).filter(
      (a) => a.webhookId === webhook.id,
    );
    assert.equal(claimed.length, 3);
    const batch = claimed.map(failedWith500);
    await refuse(db, 'refuse_second_result', 'delivery_attempts', 'update', `old.id = ${ids[1]} and new.status <> 'pending'`);
    try {
      await assert.rejects(
        database.transaction((trx) => record(trx, batch, POLICY, LATER())),
        /refuse_second_result/,
      );
    } finally {
      await allow(db, 'refuse_second_result', 'delivery_attempts');
    }
    assert.deepEqual(await attempts(db, webhook.id), [
      [1, 'pending'],
      [1, 'pending'],
      [1, 'pending'],
    ]);
    const recorded = await database.transaction((trx) => record(trx, batch, POLICY, LATER()));
    assert.equal(recorded.length, 3);
    assert.deepEqual(await attempts(db, webhook.id), [
      [1, 'retrying'],
      [1, 'retrying'],
      [1, 'retrying'],
      [2, 'pending'],
      [2, 'pending'],
      [2, 'pending'],
    ]);
    await settle(db, webhook.id);
  });

  it('on PostgreSQL, a row the batch finds no longer pending when it writes gets neither its result nor a retry; the rest of the batch does', {
    skip: !postgres && 'PostgreSQL only: SQLite has one writer, nothing changes between the read and the write',
  }, async () => {
    const { database, db } = t.app.context;
    const webhook = await t.app.webhook(t.key, t.receiver.url('/elsewhere'));
    const ids = await queued(db, webhook.id, 'elsewhere', 3);
    const claimed = (await database.transaction((trx) => claimDueAttempts(trx, LATER(), 100, 60_000))).filter(
      (a) => a.webhookId === webhook.id,
    );
    // The second row is finished by another instance between this batch's read and its write: the
    // update passes it by, as it passes by a row that is no longer pending.
    await sql
      .raw(
        `create function finished_elsewhere() returns trigger language plpgsql as $$ begin if old.id = ${ids[1]} then return null; end if; return new; end $$;
         create trigger finished_elsewhere before update on delivery_attempts for each row execute function finished_elsewhere();`,
      )
      .execute(db);
    try {
      await database.transaction((trx) => record(trx, claimed.map(failedWith500), POLICY, LATER()));
    } finally {
      await allow(db, 'finished_elsewhere', 'delivery_attempts');
    }
    assert.deepEqual(await attempts(db, webhook.id), [
      [1, 'retrying'],
      [1, 'pending'],
      [1, 'retrying'],
      [2, 'pending'],
      [2, 'pending'],
    ]);
    const retried = await sql<{
      delivery_pk: number;
    }>`select delivery_pk from delivery_attempts where webhook_id = ${webhook.id} and attempt_number = 2`.execute(db);
    const second = await sql<{ delivery_pk: number }>`select delivery_pk from delivery_attempts where id = ${ids[1]!}`.execute(db);
    assert.ok(!retried.rows.some((r) => Number(r.delivery_pk) === Number(second.rows[0]!.delivery_pk)), 'no retry for the row passed by');
    await settle(db, webhook.id);
  });

  it('on PostgreSQL, a result another instance recorded while this batch waited for the webhook does not count against it twice', {
    skip: !postgres && 'PostgreSQL only: SQLite has one writer, nothing changes while a batch waits',
  }, async () => {
    const { database, db } = t.app.context;
    const webhook = await t.app.webhook(t.key, t.receiver.url('/twice'));
    const [id] = await queued(db, webhook.id, 'twice', 1);
    const claimed = (await database.transaction((trx) => claimDueAttempts(trx, LATER(), 100, 60_000))).filter(
      (a) => a.webhookId === webhook.id,
    );
    const { default: pg } = await import('pg');
    const other = new pg.Client({ connectionString: t.app.config.databaseUrl });
    await other.connect();
    try {
      // The other instance (this attempt's lease had run out there) holds the webhook, records the
      // attempt as its last failure and counts it; this batch waits for the webhook meanwhile.
      await other.query('begin');
      await other.query('select id from webhooks where id = $1 for no key update', [webhook.id]);
      await other.query(`update delivery_attempts set status = 'failed', lease_until = null where id = $1`, [id]);
      await other.query('update webhooks set consecutive_failures = consecutive_failures + 1 where id = $1', [webhook.id]);
      const noRetry: Policy = { schedule: new RetrySchedule([0]), failuresBeforeDisable: 1000 };
      const recording = database.transaction((trx) => record(trx, claimed.map(failedWith500), noRetry, LATER()));
      await sleep(300);
      await other.query('commit');
      await recording;
    } finally {
      await other.end();
    }
    const { rows } = await sql<{
      consecutive_failures: number;
    }>`select consecutive_failures from webhooks where id = ${webhook.id}`.execute(db);
    assert.equal(Number(rows[0]!.consecutive_failures), 1, 'counted once, by the instance that recorded it');
    assert.deepEqual(await attempts(db, webhook.id), [[1, 'failed']]);
  });

  it('a claim whose transaction fails after the claim (the connection dropped) leaves nothing leased: the next claim takes every attempt, once', async () => {
    const { database, db } = t.app.context;
    const webhook = await t.app.webhook(t.key, t.receiver.url('/claim'));
    await queued(db, webhook.id, 'claim', 3);
    const mine = (claimed: ClaimedAttempt[]) => claimed.filter((a) => a.webhookId === webhook.id).length;
    let claimedInFailed = 0;
    await assert.rejects(
      database.transaction(async (trx) => {
        claimedInFailed = mine(await claimDueAttempts(trx, LATER(), 100, 60_000));
        if (postgres) await sql`select pg_terminate_backend(pg_backend_pid())`.execute(trx);
        else throw new Error('the connection dropped');
      }),
    );
    assert.equal(claimedInFailed, 3, 'the failed transaction had claimed all three');
    const leased = await sql<{
      n: number;
    }>`select count(*) as n from delivery_attempts where webhook_id = ${webhook.id} and lease_until is not null`.execute(db);
    assert.equal(Number(leased.rows[0]!.n), 0, 'no lease outlived the failed transaction');
    assert.equal(mine(await database.transaction((trx) => claimDueAttempts(trx, LATER(), 100, 60_000))), 3);
    assert.equal(mine(await database.transaction((trx) => claimDueAttempts(trx, LATER(), 100, 60_000))), 0, 'claimed once');
    // The server goes on after the dropped connection (it did not die of the pool's error event).
    assert.equal((await t.app.request('GET', '/healthz')).status, 200);
    await settle(db, webhook.id);
  });

  it('on PostgreSQL, attempts another transaction is claiming are passed by, the rest of the batch claimed', {
    skip: !postgres && 'PostgreSQL only: SQLite has one writer',
  }, async () => {
    const { database, db } = t.app.context;
    const webhook = await t.app.webhook(t.key, t.receiver.url('/skip'));
    const ids = await queued(db, webhook.id, 'skip', 3);
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const other = database.transaction(async (trx) => {
      await sql`select id from delivery_attempts where id = ${ids[1]!} for update`.execute(trx);
      holding();
      await done;
    });
    await held;
    const claimed = await database.transaction((trx) => claimDueAttempts(trx, LATER(), 100, 60_000));
    finish();
    await other;
    const mine = (c: ClaimedAttempt[]) => c.filter((a) => a.webhookId === webhook.id).map((a) => a.attemptId);
    assert.deepEqual(mine(claimed), [ids[0], ids[2]]);
    assert.deepEqual(mine(await database.transaction((trx) => claimDueAttempts(trx, LATER(), 100, 60_000))), [ids[1]]);
    await settle(db, webhook.id);
  });
});
