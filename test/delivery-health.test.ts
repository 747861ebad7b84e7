import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import type { Sent } from '../src/delivery/attempt.ts';
import { record } from '../src/delivery/record.ts';
import { type ClaimedAttempt, claimAttempt } from '../src/delivery/sql/claim-due-attempts.ts';
import { TestApp } from './helpers/app.ts';
import { TestClock } from './helpers/clock.ts';
import { deliverySuite } from './helpers/delivery-suite.ts';
import { eventually, sleep } from './helpers/wait.ts';
import { NOWHERE } from './helpers/receiver.ts';

describe('webhook health', () => {
  const clock = new TestClock();
  // Two attempts a minute apart; two failed deliveries in a row switch a webhook off.
  const t = deliverySuite({ clock, config: { retryDelays: [0, 60], failuresBeforeDisable: 2 } });
  beforeEach(() => t.receiver.handle(() => ({ status: 500 })));

  const webhookState = async (id: number) => (await t.app.request('GET', `/v1/integration/webhooks/${id}`, { key: t.key })).body;

  it('switches a webhook off at the threshold and cancels its scheduled attempts', async () => {
    const webhook = await t.app.webhook(t.key, t.receiver.url('/down'));
    await t.app.emit(t.businessId, 'booking.created', { n: 1 });
    await t.app.emit(t.businessId, 'booking.created', { n: 2 });
    await t.finished(webhook.id, 2);
    clock.advance(30_000);
    await t.app.emit(t.businessId, 'booking.created', { n: 3 });
    await t.finished(webhook.id, 3);
    assert.equal((await webhookState(webhook.id)).consecutiveFailures, 0, 'a retrying delivery has not failed yet');

    clock.advance(30_000);
    t.app.context.engine.wake();
    // Deliveries 1 and 2 now fail for good; 3's second attempt (due in 30 s) is cancelled.
    const history = await eventually(async () => {
      const h = await t.app.history(t.key, webhook.id);
      return h.every((a) => a.deliveryStatus !== 'pending') ? h : undefined;
    });
    const state = await webhookState(webhook.id);
    assert.equal(state.status, 'failed');
    assert.equal(state.consecutiveFailures, 2);
    assert.equal(state.disabledReason, '2 deliveries in a row failed');
    assert.ok(state.lastTriggeredAt, 'lastTriggeredAt is kept');
    const cancelled = history.filter((a) => a.sentAt === null);
    assert.equal(cancelled.length, 1);
    assert.equal(cancelled[0].deliveryStatus, 'failed');
    assert.equal(cancelled[0].attemptNumber, 2);
    assert.match(cancelled[0].errorMessage, /^cancelled: webhook switched off after 2 deliveries in a row failed$/);
    assert.equal(t.receiver.requests.length, 5);

    // Switched off: new events do not reach it, even much later.
    await t.app.emit(t.businessId, 'booking.created', { n: 4 });
    clock.advance(3600_000);
    t.app.context.engine.wake();
    await sleep(200);
    assert.equal(t.receiver.requests.length, 5);
    assert.equal((await t.app.history(t.key, webhook.id)).length, history.length);
  });

  it('resumes deliveries for new events after PATCH status active, which resets the count', async () => {
    const webhook = await t.app.webhook(t.key, t.receiver.url('/flaky'));
    for (const n of [1, 2]) await t.app.emit(t.businessId, 'booking.created', { n });
    await t.finished(webhook.id, 2);
    clock.advance(60_000);
    t.app.context.engine.wake();
    await eventually(async () => ((await webhookState(webhook.id)).status === 'failed' ? true : undefined));

    t.receiver.handle(() => ({ status: 200 }));
    const patched = await t.app.request('PATCH', `/v1/integration/webhooks/${webhook.id}`, { key: t.key, body: { status: 'active' } });
    assert.equal(patched.body.status, 'active');
    assert.equal(patched.body.consecutiveFailures, 0);
    const before = t.receiver.requests.length;
    await t.app.emit(t.businessId, 'booking.created', { n: 3 });
    await t.receiver.waitFor(before + 1);
    const history = await eventually(async () => {
      const h = await t.app.history(t.key, webhook.id);
      return h.at(-1)?.deliveryStatus === 'success' ? h : undefined;
    });
    assert.equal(JSON.parse(t.receiver.requests.at(-1)!.body).data.n, 3);
    assert.equal(history.at(-1).attemptNumber, 1);
  });

  it('treats 410 Gone as a failure like any other: retried, counted, no switch-off before the threshold', async () => {
    // Spec 3.2 has one way to `failed`; a receiver answering 410 during a redeploy loses nothing.
    t.receiver.handle(() => ({ status: 410, body: 'gone for now' }));
    const webhook = await t.app.webhook(t.key, t.receiver.url('/gone'));
    await t.app.emit(t.businessId, 'booking.created', { n: 1 });
    await t.finished(webhook.id, 1);
    clock.advance(60_000);
    t.app.context.engine.wake();
    const history = await t.finished(webhook.id, 2);
    assert.deepEqual(
      history.map((a) => [a.attemptNumber, a.deliveryStatus, a.responseStatusCode, a.errorMessage]),
      [
        [1, 'retrying', 410, 'receiver answered 410 Gone'],
        [2, 'failed', 410, 'receiver answered 410 Gone'],
      ],
    );
    const state = await webhookState(webhook.id);
    assert.equal(state.status, 'active');
    assert.equal(state.consecutiveFailures, 1);
  });

  it('delivers an event only to webhooks subscribed to it', async () => {
    t.receiver.handle(() => ({ status: 200 }));
    const cancelledOnly = await t.app.webhook(t.key, t.receiver.url('/cancelled-only'), ['booking.cancelled']);
    const both = await t.app.webhook(t.key, t.receiver.url('/both'), ['booking.created', 'booking.cancelled']);
    await t.app.emit(t.businessId, 'booking.created', { n: 1 });
    await t.app.emit(t.businessId, 'booking.cancelled', { n: 2 });
    await t.receiver.waitFor(3);
    await sleep(200);
    const paths = t.receiver.requests.map((r) => `${r.path} ${r.headers['x-webhook-event']}`).sort();
    assert.deepEqual(paths, ['/both booking.cancelled', '/both booking.created', '/cancelled-only booking.cancelled']);
    assert.equal((await t.app.history(t.key, cancelledOnly.id)).length, 1);
    assert.equal((await t.app.history(t.key, both.id)).length, 2);
  });

  it('does not deliver to other businesses, nor for revoked keys', async () => {
    t.receiver.handle(() => ({ status: 200 }));
    await t.app.webhook(t.key, t.receiver.url('/mine'));
    const other = await t.app.business('Elsewhere');
    await t.app.emit(other, 'booking.created', { n: 1 });
    const revoked = await t.app.key(t.businessId, ['webhooks:manage']);
    await t.app.webhook(revoked.key, t.receiver.url('/revoked'));
    await t.app.request('GET', '/v1/integration/webhooks', { key: revoked.key });
    const { revokeKeyById } = await import('../src/keys/keys.service.ts');
    await revokeKeyById({ db: t.app.context.db, clock, ids: t.app.context.ids }, revoked.id);
    await t.app.emit(t.businessId, 'booking.created', { n: 2 });
    await t.receiver.waitFor(1);
    await sleep(200);
    assert.deepEqual(
      t.receiver.requests.map((r) => r.path),
      ['/mine'],
    );
  });
});

describe('switching a webhook off with attempts leased by other instances', () => {
  it("cancels those whose lease ran out (a dead instance's), leaves those a live sender holds, and records their results without a retry", async () => {
    const START = Date.parse('2026-11-21T10:30:00.000Z');
    const LEASE = 60_000;
    const clock = new TestClock(START);
    const app = await TestApp.start({ clock, config: { retryDelays: [0], failuresBeforeDisable: 1 } });
    try {
      const businessId = await app.business();
      const { key } = await app.key(businessId, ['webhooks:manage']);
      const webhook = await app.webhook(key, `${NOWHERE}/never-sent`);
      // Nothing claims or sends here: each instance's part is played below, through the engine's own statements.
      await app.context.engine.stop();
      for (let n = 1; n <= 4; n++) await app.emit(businessId, 'booking.created', { n });
      const ids = (
        await app.context.db.selectFrom('delivery_attempts').select('id').where('webhook_id', '=', webhook.id).orderBy('id').execute()
      ).map((r) => r.id);
      const claim = (id: number, at: number) => app.context.database.transaction(async (trx) => (await claimAttempt(trx, id, at, LEASE))!);
      const sent = (attempt: ClaimedAttempt, ok: boolean): Sent => ({
        kind: 'sent',
        attempt,
        ok,
        sentAt: clock.now(),
        statusCode: ok ? 200 : 500,
        responseTimeMs: 5,
        errorMessage: ok ? null : 'receiver answered 500',
        responseExcerpt: null,
      });
      const recorded = (batch: Sent[]) => app.context.database.transaction((trx) => record(trx, batch, app.context.policy, clock.now()));
      const rows = async () =>
        (
          await app.context.db
            .selectFrom('delivery_attempts')
            .select(['id', 'status', 'error_message', 'lease_until'])
            .where('webhook_id', '=', webhook.id)
            .orderBy('id')
            .execute()
        ).map((r) => [r.status, r.error_message, r.lease_until === null ? null : Number(r.lease_until)]);

      // This instance sends the first; a live instance holds the second and third (leased a second
      // ago); an instance that died holds the fourth, its lease run out a second ago.
      const mine = await claim(ids[0]!, START);
      const liveOk = await claim(ids[1]!, START - 1_000);
      const liveFailing = await claim(ids[2]!, START - 1_000);
      const dead = await claim(ids[3]!, START - 1_000 - LEASE);

      // The first fails for good: the webhook is switched off.
      await recorded([sent(mine, false)]);
      const cancelled = 'cancelled: webhook switched off after 1 delivery failed';
      assert.deepEqual(await rows(), [
        ['failed', 'receiver answered 500', null],
        ['pending', null, START - 1_000 + LEASE],
        ['pending', null, START - 1_000 + LEASE],
        ['failed', cancelled, null],
      ]);
      assert.equal((await app.request('GET', `/v1/integration/webhooks/${webhook.id}`, { key })).body.status, 'failed');

      // The live sender's results arrive after the switch-off: recorded as they came, neither
      // retried nor counted. The "dead" one turns out to have been merely slow: its result is dropped.
      clock.advance(2_000);
      await recorded([sent(liveOk, true), sent(liveFailing, false), sent(dead, true)]);
      assert.deepEqual(await rows(), [
        ['failed', 'receiver answered 500', null],
        ['success', null, null],
        ['failed', 'receiver answered 500', null],
        ['failed', cancelled, null],
      ]);
      const state = (await app.request('GET', `/v1/integration/webhooks/${webhook.id}`, { key })).body;
      assert.equal(state.status, 'failed');
      assert.equal(state.consecutiveFailures, 1);
    } finally {
      await app.stop();
    }
  });
});

describe('recording deliveries and the caches', () => {
  const t = deliverySuite();
  const webhooksVersion = async () =>
    (await t.app.context.db.selectFrom('cache_versions').select('version').where('topic', '=', 'webhooks').executeTakeFirstOrThrow())
      .version;

  it('leaves what the subscriptions cache depends on alone when a delivery changes no health', async () => {
    const webhook = await t.app.webhook(t.key, t.receiver.url('/ok'));
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 1 });
    await t.finished(webhook.id, 1);
    const before = await webhooksVersion();
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 2 });
    await t.finished(webhook.id, 2);
    assert.equal(await webhooksVersion(), before);
  });
});
