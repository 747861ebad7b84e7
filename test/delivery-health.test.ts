import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { TestClock } from './helpers/clock.ts';
import { deliverySuite } from './helpers/delivery-suite.ts';
import { eventually, sleep } from './helpers/wait.ts';

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
