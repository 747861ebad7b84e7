import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TestClock } from './helpers/clock.ts';
import { deliverySuite } from './helpers/delivery-suite.ts';
import { TEST_NOW } from './helpers/salon.ts';
import { eventually } from './helpers/wait.ts';

/*
 * Issue 24, section 3: the delivery history filtered by status, event, time and booking; one
 * delivery's attempts with their times; a webhook's stats over 24 hours and 7 days.
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('a webhook’s delivery history, filtered', () => {
  const clock = new TestClock(TEST_NOW);
  const t = deliverySuite({ clock, config: { retryDelays: [0] } });

  /** The attempts of `query`, oldest first, as pairs of event and status. */
  const history = async (webhookId: number, query: string) => {
    const reply = await t.app.request('GET', `/v1/integration/webhooks/${webhookId}/deliveries?limit=100&${query}`, { key: t.key });
    assert.equal(reply.status, 200, reply.text);
    assert.equal(reply.body.total, reply.body.data.length, 'total counts what the filter lets through');
    return reply.body.data.map((a: any) => `${a.event} ${a.deliveryStatus}`).reverse();
  };

  it('narrows by status, event, time range and booking, alone or together', async () => {
    clock.set(TEST_NOW);
    // Booking 7's deliveries fail; every other succeeds.
    t.receiver.handle((request) => (JSON.parse(request.body).data.bookingId === 7 ? { status: 500 } : { status: 200 }));
    const webhook = await t.app.webhook(t.key, t.receiver.url('/filters'), ['booking.created', 'booking.cancelled', 'service.updated']);
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 7 });
    await t.app.emit(t.businessId, 'service.updated', { serviceId: 1 });
    await t.finished(webhook.id, 2);
    clock.set(TEST_NOW + HOUR);
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 8 });
    await t.app.emit(t.businessId, 'booking.cancelled', { bookingId: 7 });
    await t.finished(webhook.id, 4);

    assert.deepEqual(await history(webhook.id, 'event=booking.created'), ['booking.created failed', 'booking.created success']);
    assert.deepEqual(await history(webhook.id, 'bookingId=7'), ['booking.created failed', 'booking.cancelled failed']);
    assert.deepEqual(await history(webhook.id, 'status=success'), ['service.updated success', 'booking.created success']);
    const since = new Date(TEST_NOW + 30 * MINUTE).toISOString();
    assert.deepEqual(await history(webhook.id, `since=${since}`), ['booking.created success', 'booking.cancelled failed']);
    assert.deepEqual(await history(webhook.id, `until=${since}`), ['booking.created failed', 'service.updated success']);
    assert.deepEqual(await history(webhook.id, `since=${since}&bookingId=7&status=failed`), ['booking.cancelled failed']);
    assert.deepEqual(await history(webhook.id, 'event=webhook.ping'), []);
    assert.deepEqual(await history(webhook.id, 'bookingId=99'), []);
  });

  it('refuses a filter it cannot read, naming it', async () => {
    const webhook = await t.app.webhook(t.key, t.receiver.url('/bad'));
    for (const [query, field] of [
      ['event=booking.nothing', 'event'],
      ['since=yesterday', 'since'],
      ['until=2026-13-01T00:00:00Z', 'until'],
      ['bookingId=0', 'bookingId'],
      ['bookingId=abc', 'bookingId'],
      ['status=lost', 'status'],
    ]) {
      const reply = await t.app.request('GET', `/v1/integration/webhooks/${webhook.id}/deliveries?${query}`, { key: t.key });
      assert.equal(reply.status, 400, `${query}: ${reply.text}`);
      assert.equal(reply.body.field, field);
    }
  });
});

describe('one delivery', () => {
  const clock = new TestClock(TEST_NOW);
  const t = deliverySuite({ clock, config: { retryDelays: [0, 60] } });

  it('shows one delivery with each attempt and its times', async () => {
    clock.set(TEST_NOW);
    t.receiver.handle((_, index) => (index === 0 ? { status: 503, body: 'busy' } : { status: 200, body: 'ok' }));
    const webhook = await t.app.webhook(t.key, t.receiver.url('/one'));
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 42 });
    const [first] = await t.finished(webhook.id, 1);
    clock.advance(MINUTE);
    await t.finished(webhook.id, 2);

    const reply = await t.app.request('GET', `/v1/integration/webhooks/${webhook.id}/deliveries/${first.deliveryId}`, { key: t.key });
    assert.equal(reply.status, 200, reply.text);
    const delivery = reply.body;
    assert.equal(delivery.deliveryId, first.deliveryId);
    assert.equal(delivery.event, 'booking.created');
    assert.equal(delivery.bookingId, 42);
    assert.equal(delivery.deliveryStatus, 'success');
    assert.equal(delivery.createdAt, new Date(TEST_NOW).toISOString());
    assert.equal(delivery.body, t.receiver.requests[0]!.body, 'the exact bytes sent');
    assert.deepEqual(
      delivery.attempts.map((a: any) => [a.attemptNumber, a.trigger, a.deliveryStatus, a.responseStatusCode, a.responseBodyExcerpt]),
      [
        [1, 'event', 'retrying', 503, 'busy'],
        [2, 'retry', 'success', 200, 'ok'],
      ],
    );
    const [one, two] = delivery.attempts;
    assert.equal(one.scheduledFor, new Date(TEST_NOW).toISOString());
    assert.equal(one.sentAt, new Date(TEST_NOW).toISOString());
    assert.equal(one.finishedAt, new Date(TEST_NOW).toISOString());
    assert.equal(two.scheduledFor, new Date(TEST_NOW + MINUTE).toISOString(), 'due a minute after the first finished');
    assert.equal(two.sentAt, new Date(TEST_NOW + MINUTE).toISOString());
    assert.equal(typeof two.responseTimeMs, 'number');

    const other = await t.app.webhook(t.key, t.receiver.url('/other'));
    for (const path of [`${other.id}/deliveries/${first.deliveryId}`, `${webhook.id}/deliveries/whdel_nothing`]) {
      const missing = await t.app.request('GET', `/v1/integration/webhooks/${path}`, { key: t.key });
      assert.equal(missing.status, 404, path);
    }
  });
});

describe('a webhook’s stats', () => {
  const clock = new TestClock(TEST_NOW);
  const t = deliverySuite({ clock, config: { retryDelays: [0, 60] } });

  const stats = async (webhookId: number) => {
    const reply = await t.app.request('GET', `/v1/integration/webhooks/${webhookId}/stats`, { key: t.key });
    assert.equal(reply.status, 200, reply.text);
    return reply.body;
  };

  it('counts delivered, retried and failed attempts over 24 hours and 7 days, with the answer times', async () => {
    const now = TEST_NOW;
    const webhook = await t.app.webhook(t.key, t.receiver.url('/stats'));
    // Three days ago: two delivered. Today: nine delivered at once, one after 300 ms, one failed twice.
    clock.set(now - 3 * 24 * HOUR);
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 1 });
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 2 });
    await t.finished(webhook.id, 2);
    clock.set(now);
    t.receiver.handle((request) => {
      const { bookingId } = JSON.parse(request.body).data;
      if (bookingId === 99) return { status: 500 };
      return { status: 200, delayMs: bookingId === 20 ? 300 : 0 };
    });
    for (let bookingId = 10; bookingId <= 20; bookingId++) await t.app.emit(t.businessId, 'booking.created', { bookingId });
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 99 });
    await t.finished(webhook.id, 14);
    clock.advance(MINUTE);
    await t.finished(webhook.id, 15);
    // A ping is a test, not a delivery.
    await t.app.request('POST', `/v1/integration/webhooks/${webhook.id}/ping`, { key: t.key });

    const body = await stats(webhook.id);
    assert.equal(body.webhookId, webhook.id);
    assert.equal(body.at, new Date(now + MINUTE).toISOString());
    const { last24Hours: day, last7Days: week } = body;
    assert.deepEqual([day.delivered, day.retried, day.failed], [11, 1, 1]);
    assert.deepEqual([week.delivered, week.retried, week.failed], [13, 1, 1]);
    // 13 answers today: the median is an immediate one, the 95th percentile (the 13th) the slow one.
    assert.ok(day.p50ResponseTimeMs < 250, `p50 ${day.p50ResponseTimeMs}`);
    assert.ok(day.p95ResponseTimeMs >= 300, `p95 ${day.p95ResponseTimeMs}`);
    assert.ok(week.p50ResponseTimeMs <= week.p95ResponseTimeMs);
  });

  it('has nothing to say about a webhook that has sent nothing', async () => {
    const webhook = await t.app.webhook(t.key, t.receiver.url('/quiet'));
    const empty = { delivered: 0, failed: 0, retried: 0, p50ResponseTimeMs: null, p95ResponseTimeMs: null };
    const body = await stats(webhook.id);
    assert.deepEqual([body.last24Hours, body.last7Days], [empty, empty]);
  });

  it('is the key’s own, and the salon’s in the admin API', async () => {
    const webhook = await t.app.webhook(t.key, t.receiver.url('/own'));
    const otherKey = (await t.app.key(await t.app.business(), ['webhooks:manage'])).key;
    const foreign = await t.app.request('GET', `/v1/integration/webhooks/${webhook.id}/stats`, { key: otherKey });
    assert.equal(foreign.status, 404);
    const salon = await eventually(async () => {
      const reply = await t.app.request('GET', `/admin/api/businesses/${t.businessId}/webhooks/${webhook.id}/stats`, {
        headers: { Authorization: `Bearer ${t.app.config.adminToken}` },
      });
      return reply.status === 200 ? reply.body : undefined;
    });
    assert.equal(salon.webhookId, webhook.id);
  });
});
