import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { RECOVER_CAP } from '../src/webhooks/recover.ts';
import { ADMIN_TOKEN, TestApp, tempDataDir } from './helpers/app.ts';
import { TestClock } from './helpers/clock.ts';
import { Receiver } from './helpers/receiver.ts';
import { TEST_NOW } from './helpers/salon.ts';
import { eventually } from './helpers/wait.ts';

/*
 * Issue 24, section 2: POST /webhooks/:id/recover sends again, in the background, every delivery
 * that failed in a window and was not delivered since (Svix's recover).
 */

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A server on the test clock with one attempt per delivery, a business, a key and a receiver that fails until told otherwise. */
async function setUp(dataDir = tempDataDir(), clock = new TestClock(TEST_NOW)) {
  const app = await TestApp.start({ dataDir, clock, config: { retryDelays: [0] } });
  const receiver = await Receiver.start(() => ({ status: 500 }));
  const businessId = await app.business();
  const { key } = await app.key(businessId, ['webhooks:manage']);
  const webhook = await app.webhook(key, receiver.url('/recover'));
  const finished = (n: number) =>
    eventually(
      async () => {
        const history = await app.history(key, webhook.id);
        return history.filter((a) => a.deliveryStatus !== 'pending').length >= n ? history : undefined;
      },
      10_000,
      `${n} finished attempts`,
    );
  return { app, receiver, businessId, key, webhook, clock, finished, dataDir };
}

describe('recovering the deliveries that failed in a window', () => {
  it('sends again, in the background, each that failed in it and was not delivered since; the answer says how many', async () => {
    const { app, receiver, businessId, key, webhook, clock, finished } = await setUp();
    try {
      // Before the window: booking 1 fails.
      clock.set(TEST_NOW - 3 * HOUR);
      await app.emit(businessId, 'booking.created', { bookingId: 1 });
      await finished(1);
      // In it: bookings 2, 3 and 4 fail; a ping fails too; booking 4 is then sent again by hand and delivered.
      clock.set(TEST_NOW);
      for (const bookingId of [2, 3, 4]) await app.emit(businessId, 'booking.created', { bookingId });
      await app.request('POST', `/v1/integration/webhooks/${webhook.id}/ping`, { key });
      const history = await finished(5);
      receiver.handle(() => ({ status: 200 }));
      const four = history.find(
        (a) => JSON.parse(receiver.requests.find((r) => r.headers['x-webhook-delivery'] === a.deliveryId)!.body).data?.bookingId === 4,
      );
      const retried = await app.request('POST', `/v1/integration/webhooks/${webhook.id}/deliveries/${four.deliveryId}/retry`, { key });
      assert.equal(retried.status, 202, retried.text);
      await finished(6);
      clock.set(TEST_NOW + HOUR);
      receiver.requests.splice(0);

      const reply = await app.request('POST', `/v1/integration/webhooks/${webhook.id}/recover`, {
        key,
        body: { since: iso(TEST_NOW - HOUR) },
      });
      assert.equal(reply.status, 202, reply.text);
      assert.equal(reply.body.deliveries, 2, 'bookings 2 and 3: not 1 (before), not 4 (delivered since), not the ping');
      assert.equal(reply.body.capped, false);
      assert.equal(reply.body.since, iso(TEST_NOW - HOUR));
      assert.equal(reply.body.until, iso(TEST_NOW + HOUR), 'until: now');

      const done = await eventually(async () => {
        const job = await app.request('GET', `/v1/integration/webhooks/${webhook.id}/recoveries/${reply.body.id}`, { key });
        return job.body.status === 'done' ? job.body : undefined;
      });
      assert.equal(done.requeued, 2);
      assert.equal(done.finishedAt, iso(TEST_NOW + HOUR));
      await receiver.waitFor(2);
      assert.deepEqual(receiver.requests.map((r) => JSON.parse(r.body).data.bookingId).sort(), [2, 3]);
      const resent = (await finished(8)).slice(-2);
      assert.deepEqual(
        resent.map((a) => [a.trigger, a.attemptNumber, a.deliveryStatus]),
        [
          ['manual', 2, 'success'],
          ['manual', 2, 'success'],
        ],
      );

      // Now delivered: a second recovery of the same window finds nothing, and is done at once.
      const again = await app.request('POST', `/v1/integration/webhooks/${webhook.id}/recover`, {
        key,
        body: { since: iso(TEST_NOW - HOUR), until: iso(TEST_NOW + 2 * HOUR) },
      });
      assert.equal(again.status, 202);
      assert.equal(again.body.deliveries, 0);
      assert.equal(again.body.status, 'done');
      assert.equal(again.body.until, iso(TEST_NOW + HOUR), 'a window reaching into the future ends now');
    } finally {
      await app.stop();
      await receiver.close();
    }
  });

  it('finishes after a restart what a stopped server had queued; the request did not wait for it', async () => {
    const first = await setUp();
    const { businessId, key, webhook, clock, dataDir, receiver } = first;
    let app = first.app;
    try {
      for (const bookingId of [1, 2, 3]) await app.emit(businessId, 'booking.created', { bookingId });
      await first.finished(3);
      // Nothing works through recoveries on this server any more: the request must answer anyway.
      await app.context.recoveries.stop();
      clock.set(TEST_NOW + HOUR);
      const reply = await app.request('POST', `/v1/integration/webhooks/${webhook.id}/recover`, { key, body: { since: iso(TEST_NOW) } });
      assert.equal(reply.status, 202, reply.text);
      assert.deepEqual([reply.body.status, reply.body.deliveries, reply.body.requeued], ['queued', 3, 0]);
      await app.stop();

      receiver.handle(() => ({ status: 200 }));
      receiver.requests.splice(0);
      app = await TestApp.start({ dataDir, clock, config: { retryDelays: [0] } });
      const done = await eventually(async () => {
        const job = await app.request('GET', `/v1/integration/webhooks/${webhook.id}/recoveries/${reply.body.id}`, { key });
        return job.body.status === 'done' ? job.body : undefined;
      });
      assert.equal(done.requeued, 3);
      await receiver.waitFor(3);
      assert.deepEqual(receiver.requests.map((r) => JSON.parse(r.body).data.bookingId).sort(), [1, 2, 3]);
    } finally {
      await app.stop();
      await receiver.close();
    }
  });

  it(`sends at most ${RECOVER_CAP} again, and says it left some`, async () => {
    const { app, receiver, webhook, key } = await setUp();
    try {
      // The engine stays stopped: this is about what is queued, not sent.
      await app.context.engine.stop();
      const { db } = app.context;
      const total = RECOVER_CAP + 5;
      const failedAt = TEST_NOW - 60_000;
      for (let from = 0; from < total; from += 1000) {
        const count = Math.min(1000, total - from);
        const deliveries = await db
          .insertInto('deliveries')
          .values(
            Array.from({ length: count }, (_, i) => ({
              delivery_id: `whdel_cap${from + i}`,
              webhook_id: webhook.id,
              event_id: null,
              event: 'booking.created',
              body: '{}',
              created_at: TEST_NOW,
            })),
          )
          .returning('id')
          .execute();
        await db
          .insertInto('delivery_attempts')
          .values(
            deliveries.map(({ id }) => ({
              delivery_pk: id,
              webhook_id: webhook.id,
              attempt_number: 1,
              status: 'failed' as const,
              trigger: 'event' as const,
              due_at: failedAt,
              lease_until: null,
              sent_at: failedAt,
              response_status_code: 500,
              response_time_ms: 1,
              error_message: 'receiver answered 500 Internal Server Error',
              response_excerpt: null,
              created_at: failedAt,
              updated_at: failedAt,
            })),
          )
          .execute();
      }
      const reply = await app.request('POST', `/v1/integration/webhooks/${webhook.id}/recover`, {
        key,
        body: { since: iso(TEST_NOW - HOUR) },
      });
      assert.equal(reply.status, 202, reply.text);
      assert.deepEqual([reply.body.deliveries, reply.body.capped], [RECOVER_CAP, true]);
      const done = await eventually(
        async () => {
          const job = await app.request('GET', `/v1/integration/webhooks/${webhook.id}/recoveries/${reply.body.id}`, { key });
          return job.body.status === 'done' ? job.body : undefined;
        },
        60_000,
        'the recovery to finish',
      );
      assert.equal(done.requeued, RECOVER_CAP);
      const { count } = await db
        .selectFrom('delivery_attempts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('webhook_id', '=', webhook.id)
        .where('status', '=', 'pending')
        .where('trigger', '=', 'manual')
        .executeTakeFirstOrThrow();
      assert.equal(Number(count), RECOVER_CAP);
    } finally {
      await app.stop();
      await receiver.close();
    }
  });

  describe('refusals', () => {
    let t: Awaited<ReturnType<typeof setUp>>;
    before(async () => {
      t = await setUp();
    });
    after(async () => {
      await t.app.stop();
      await t.receiver.close();
    });

    const recover = (body: unknown, key = t.key, id = t.webhook.id) =>
      t.app.request('POST', `/v1/integration/webhooks/${id}/recover`, { key, body });

    it('refuses a window that is empty, unreadable or not given', async () => {
      for (const [body, field] of [
        [{ since: iso(TEST_NOW), until: iso(TEST_NOW) }, 'since'],
        [{ since: iso(TEST_NOW + HOUR) }, 'since'],
        [{ since: 'last week' }, 'since'],
        [{ since: iso(TEST_NOW - HOUR), until: 'now' }, 'until'],
        [{}, 'since'],
        [{ since: iso(TEST_NOW - HOUR), limit: 5 }, 'limit'],
      ] as const) {
        const reply = await recover(body);
        assert.equal(reply.status, 400, `${JSON.stringify(body)}: ${reply.text}`);
        assert.equal(reply.body.field, field);
      }
    });

    it('refuses a switched-off webhook (switch it on first), and another key’s', async () => {
      const other = (await t.app.key(await t.app.business(), ['webhooks:manage'])).key;
      assert.equal((await recover({ since: iso(TEST_NOW - HOUR) }, other)).status, 404);
      await t.app.context.db.updateTable('webhooks').set({ status: 'failed' }).where('id', '=', t.webhook.id).execute();
      const off = await recover({ since: iso(TEST_NOW - HOUR) });
      assert.equal(off.status, 409);
      assert.equal(off.body.code, 'webhook_not_active');
    });

    it('is there for the salon, in the admin API', async () => {
      await t.app.context.db.updateTable('webhooks').set({ status: 'active' }).where('id', '=', t.webhook.id).execute();
      const reply = await t.app.request('POST', `/admin/api/businesses/${t.businessId}/webhooks/${t.webhook.id}/recover`, {
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
        body: { since: iso(TEST_NOW - HOUR) },
      });
      assert.equal(reply.status, 202, reply.text);
    });
  });
});
