import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { TestClock } from './helpers/clock.ts';
import { deliverySuite } from './helpers/delivery-suite.ts';
import { sleep } from './helpers/wait.ts';

const SPEC_DELAYS_S = [0, 60, 300, 900, 3600, 14400];

describe('retries on the spec schedule (injected clock)', () => {
  const clock = new TestClock();
  const t = deliverySuite({ clock });

  it('makes 6 attempts, 1 min, 5 min, 15 min, 1 h and 4 h apart, then marks the delivery failed', async () => {
    t.receiver.handle(() => ({ status: 500, body: 'database down' }));
    const webhook = await t.app.webhook(t.key, t.receiver.url('/all-fail'));
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 1 });

    for (let n = 1; n <= 6; n++) {
      await t.receiver.waitFor(n);
      const history = await t.finished(webhook.id, n);
      const attempt = history[n - 1];
      assert.equal(attempt.attemptNumber, n);
      assert.equal(attempt.responseStatusCode, 500);
      assert.equal(attempt.errorMessage, 'receiver answered 500 Internal Server Error');
      assert.equal(attempt.responseBodyExcerpt, 'database down');
      if (n < 6) {
        assert.equal(attempt.deliveryStatus, 'retrying');
        const next = history[n];
        assert.equal(next.deliveryStatus, 'pending');
        assert.equal(Date.parse(next.scheduledFor) - clock.now(), SPEC_DELAYS_S[n]! * 1000);
        // Nothing goes out before its time.
        t.app.context.engine.wake();
        await sleep(150);
        assert.equal(t.receiver.requests.length, n);
        clock.advance(SPEC_DELAYS_S[n]! * 1000);
        t.app.context.engine.wake();
      } else {
        assert.equal(attempt.deliveryStatus, 'failed');
        assert.equal(history.length, 6);
      }
    }
    const ids = new Set(t.receiver.requests.map((r) => r.headers['x-webhook-delivery']));
    assert.equal(ids.size, 1, 'every attempt carries the same X-Webhook-Delivery');
    assert.equal(new Set(t.receiver.requests.map((r) => r.body)).size, 1, 'every attempt sends identical bytes');
    const stamps = t.receiver.requests.map((r) => r.headers['x-webhook-timestamp']);
    assert.equal(new Set(stamps).size, 6, "X-Webhook-Timestamp is each attempt's send time");

    const page = await t.app.request('GET', `/v1/integration/webhooks/${webhook.id}/deliveries?limit=2`, { key: t.key });
    assert.equal(page.body.total, 6, 'the total counts every attempt');
    const retried = await t.app.request('GET', `/v1/integration/webhooks/${webhook.id}/deliveries?status=retrying`, { key: t.key });
    assert.equal(retried.body.total, 5, 'and a filtered total counts the matching ones');
    const state = await t.app.request('GET', `/v1/integration/webhooks/${webhook.id}`, { key: t.key });
    assert.equal(state.body.consecutiveFailures, 1);
    assert.equal(state.body.status, 'active');
  });

  it('stops retrying after a success on attempt 3, and the success resets consecutiveFailures', async () => {
    t.receiver.handle((_, i) => (i < 2 ? { status: 502 } : { status: 204 }));
    const webhook = await t.app.webhook(t.key, t.receiver.url('/third-time'));
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 2 });
    await t.finished(webhook.id, 1);
    clock.advance(60_000);
    t.app.context.engine.wake();
    await t.finished(webhook.id, 2);
    clock.advance(300_000);
    t.app.context.engine.wake();
    const history = await t.finished(webhook.id, 3);
    assert.deepEqual(
      history.map((h) => h.deliveryStatus),
      ['retrying', 'retrying', 'success'],
    );
    assert.equal(history[2].responseStatusCode, 204);
    clock.advance(24 * 3600_000);
    t.app.context.engine.wake();
    await sleep(300);
    assert.equal(t.receiver.requests.length, 3);
    assert.equal((await t.app.history(t.key, webhook.id)).length, 3);
  });

  it('signs a retry with the new secret after rotate-secret', async () => {
    t.receiver.handle((_, i) => (i === 0 ? { status: 500 } : { status: 200 }));
    const webhook = await t.app.webhook(t.key, t.receiver.url('/rotated'));
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 3 });
    await t.finished(webhook.id, 1);
    const rotated = await t.app.request('POST', `/v1/integration/webhooks/${webhook.id}/rotate-secret`, { key: t.key });
    const newSecret = rotated.body.secret as string;
    clock.advance(60_000);
    t.app.context.engine.wake();
    await t.finished(webhook.id, 2);
    const [first, second] = t.receiver.requests;
    assert.equal(first!.body, second!.body);
    const sign = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    assert.equal(first!.headers['x-webhook-signature'], sign(webhook.secret, first!.body));
    assert.equal(second!.headers['x-webhook-signature'], sign(newSecret, second!.body));
    assert.notEqual(first!.headers['x-webhook-signature'], second!.headers['x-webhook-signature']);
  });

  it("postpones the next attempt to the receiver's Retry-After on 429 and 503, up to the longest delay", async () => {
    t.receiver.handle((_, i) =>
      i === 0 ? { status: 429, headers: { 'Retry-After': '120' } } : { status: 503, headers: { 'Retry-After': '999999' } },
    );
    const webhook = await t.app.webhook(t.key, t.receiver.url('/busy'));
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 4 });
    let history = await t.finished(webhook.id, 1);
    assert.equal(Date.parse(history[1].scheduledFor) - clock.now(), 120_000, 'Retry-After 120 beats the 60 s step');
    clock.advance(120_000);
    t.app.context.engine.wake();
    history = await t.finished(webhook.id, 2);
    assert.equal(history[1].responseStatusCode, 503);
    assert.equal(Date.parse(history[2].scheduledFor) - clock.now(), 14_400_000, 'bounded by the 4 h step');
  });
});
