import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { claimDueAttempts } from '../src/delivery/sql/claim-due-attempts.ts';
import { TestApp, tempDataDir } from './helpers/app.ts';
import { NOWHERE, Receiver } from './helpers/receiver.ts';
import { eventually, sleep } from './helpers/wait.ts';
import { testingOnPostgres } from './helpers/postgres.ts';

/**
 * A stopped server's data with one event's attempt to a webhook on a fresh receiver, leased until
 * `leaseUntil` and never sent: what a process that died mid-send (or is still sending) leaves.
 */
async function oneAttemptLeasedUntil(leaseUntil: number) {
  const receiver = await Receiver.start(() => ({ status: 200 }));
  const dataDir = tempDataDir();
  const first = await TestApp.start({ dataDir });
  const businessId = await first.business();
  const { key } = await first.key(businessId, ['webhooks:manage']);
  const webhook = await first.webhook(key, receiver.url('/resend'));
  await first.context.engine.stop();
  await first.emit(businessId, 'booking.created', { bookingId: 1 });
  await first.context.db.updateTable('delivery_attempts').set({ lease_until: leaseUntil }).where('status', '=', 'pending').execute();
  await first.stop();
  return { receiver, dataDir, key, webhook };
}

describe('delivery recovery', () => {
  it('sends again, at the next start, what a dead process left leased', {
    skip: testingOnPostgres() && 'SQLite only: one server per data dir',
  }, async () => {
    // The state a crash mid-send leaves: the attempt leased for a long while, no result recorded.
    const { receiver, dataDir, key, webhook } = await oneAttemptLeasedUntil(Date.now() + 3_600_000);
    assert.equal(receiver.requests.length, 0);

    const restarted = await TestApp.start({ dataDir });
    try {
      const started = Date.now();
      await receiver.waitFor(1);
      assert.ok(Date.now() - started < 5_000, 'sent at once, not after the lease runs out');
      const [record] = await eventually(async () => {
        const h = await restarted.history(key, webhook.id);
        return h[0]?.deliveryStatus === 'success' ? h : undefined;
      });
      assert.equal(record.attemptNumber, 1);
      assert.equal(receiver.requests[0]!.headers['x-webhook-delivery'], record.deliveryId);
    } finally {
      await restarted.stop();
      await receiver.close();
    }
  });

  it('on PostgreSQL, leaves a lease alone at start (another instance may hold it) and sends the attempt once it runs out', {
    skip: !testingOnPostgres() && 'PostgreSQL only',
  }, async () => {
    // Leased by an instance that is busy sending it, or died doing so: nobody can tell yet. The
    // lease is long while the data is made and the server starts (that may take seconds on a
    // loaded machine), then runs out 1.5 s after the server is up.
    const { receiver, dataDir, key, webhook } = await oneAttemptLeasedUntil(Date.now() + 3_600_000);

    const restarted = await TestApp.start({ dataDir });
    try {
      const leaseUntil = Date.now() + 1_500;
      await restarted.context.db
        .updateTable('delivery_attempts')
        .set({ lease_until: leaseUntil })
        .where('status', '=', 'pending')
        .execute();
      await sleep(Math.max(0, leaseUntil - Date.now() - 300));
      assert.equal(receiver.requests.length, 0, 'not taken from its holder while the lease runs');
      await receiver.waitFor(1);
      assert.ok(Date.now() >= leaseUntil, 'sent only once the lease ran out');
      const [record] = await eventually(async () => {
        const h = await restarted.history(key, webhook.id);
        return h[0]?.deliveryStatus === 'success' ? h : undefined;
      });
      assert.equal(record.attemptNumber, 1);
    } finally {
      await restarted.stop();
      await receiver.close();
    }
  });

  it('lets sends in flight finish and records them when it stops', async () => {
    // Answered well within the stop's wait for sends in flight (drainMs, 1 s).
    const receiver = await Receiver.start(() => ({ status: 200, delayMs: 100 }));
    const dataDir = tempDataDir();
    const app = await TestApp.start({ dataDir });
    const businessId = await app.business();
    const { key } = await app.key(businessId, ['webhooks:manage']);
    const webhook = await app.webhook(key, receiver.url('/ok-later'));
    await app.emit(businessId, 'booking.created', { bookingId: 1 });
    await receiver.waitFor(1);
    await app.stop();
    const reopened = await TestApp.start({ dataDir });
    try {
      const [record] = await reopened.history(key, webhook.id);
      assert.equal(record.deliveryStatus, 'success');
      await sleep(300);
      assert.equal(receiver.requests.length, 1, 'not sent twice');
    } finally {
      await reopened.stop();
      await receiver.close();
    }
  });

  it('claims no more of one webhook than its share, counting what it has in flight', async () => {
    const app = await TestApp.start();
    try {
      const businessId = await app.business();
      const { key } = await app.key(businessId, ['webhooks:manage']);
      const busy = await app.webhook(key, `${NOWHERE}/busy`, ['booking.created']);
      const quiet = await app.webhook(key, `${NOWHERE}/quiet`, ['booking.cancelled']);
      await app.context.engine.stop();
      for (let i = 0; i < 6; i++) await app.emit(businessId, 'booking.created', {});
      for (let i = 0; i < 3; i++) await app.emit(businessId, 'booking.cancelled', {});
      const claim = (inFlight: Map<number, number>) =>
        app.context.database.transaction((trx) => claimDueAttempts(trx, Date.now(), 10, 60_000, { perWebhook: 2, inFlight }));
      const first = await claim(new Map([[busy.id, 1]]));
      assert.deepEqual(first.map((a) => a.webhookId).sort(), [busy.id, quiet.id, quiet.id].sort(), 'busy had room for 1, quiet for 2');
      const second = await claim(
        new Map([
          [busy.id, 2],
          [quiet.id, 1],
        ]),
      );
      assert.deepEqual(
        second.map((a) => a.webhookId),
        [quiet.id],
        'busy is full; quiet has room for its last one',
      );
    } finally {
      await app.stop();
    }
  });

  it('on PostgreSQL, lets two instances claim from one queue at once, never the same attempt and without waiting for each other', {
    skip: !testingOnPostgres() && 'PostgreSQL only',
  }, async () => {
    const dataDir = tempDataDir();
    const a = await TestApp.start({ dataDir });
    const b = await TestApp.start({ dataDir });
    try {
      const businessId = await a.business();
      const { key } = await a.key(businessId, ['webhooks:manage']);
      await a.webhook(key, `${NOWHERE}/never`);
      await a.context.engine.stop();
      await b.context.engine.stop();
      for (let i = 0; i < 10; i++) await a.emit(businessId, 'booking.created', {});
      const now = Date.now();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let claimedByA!: (ids: number[]) => void;
      const aClaimed = new Promise<number[]>((resolve) => (claimedByA = resolve));
      // A claims six and keeps its transaction open; B claims meanwhile.
      const aDone = a.context.database.transaction(async (trx) => {
        const claimed = await claimDueAttempts(trx, now, 6, 60_000);
        claimedByA(claimed.map((c) => c.attemptId));
        await gate;
      });
      const fromA = await aClaimed;
      const claimB = b.context.database.transaction((trx) => claimDueAttempts(trx, now, 10, 60_000));
      const waited = await Promise.race([claimB.then(() => false), sleep(3_000).then(() => true)]);
      release();
      await aDone;
      assert.equal(waited, false, "B's claim waited for A's transaction");
      const fromB = (await claimB).map((c) => c.attemptId);
      assert.equal(fromA.length, 6);
      assert.equal(fromB.length, 4, 'B took the rest while A still held its claim open');
      assert.deepEqual(
        fromA.filter((id) => fromB.includes(id)),
        [],
        'no attempt claimed twice',
      );
    } finally {
      await b.stop();
      await a.stop();
    }
  });

  it('claims an attempt again once its lease has run out', async () => {
    const app = await TestApp.start();
    try {
      const businessId = await app.business();
      const { key } = await app.key(businessId, ['webhooks:manage']);
      await app.webhook(key, `${NOWHERE}/never`);
      await app.context.engine.stop();
      await app.emit(businessId, 'booking.created', {});
      const _db = app.context.db;
      const now = Date.now();
      const claim = (at: number) => app.context.database.transaction((trx) => claimDueAttempts(trx, at, 10, 60_000));
      assert.equal((await claim(now)).length, 1);
      assert.equal((await claim(now + 1_000)).length, 0, 'leased: nobody else gets it');
      assert.equal((await claim(now + 60_000)).length, 1, 'the lease ran out: claimed again');
    } finally {
      await app.stop();
    }
  });
});
