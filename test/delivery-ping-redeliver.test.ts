import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { updateWebhook } from '../src/webhooks/webhooks.repository.ts';
import { deliverySuite } from './helpers/delivery-suite.ts';
import { eventually } from './helpers/wait.ts';

describe('ping and redelivery', () => {
  const t = deliverySuite({ config: { retryDelays: [0], deliveryTimeoutMs: 500 } });

  const ping = (id: number, k = t.key) => t.app.request('POST', `/v1/integration/webhooks/${id}/ping`, { key: k });

  it('pings: one signed webhook.ping, answered with its outcome and kept in the history', async () => {
    t.receiver.handle(() => ({ status: 200 }));
    const webhook = await t.app.webhook(t.key, t.receiver.url('/ping'));
    const reply = await ping(webhook.id);
    assert.equal(reply.status, 200);
    assert.equal(reply.body.success, true);
    assert.equal(reply.body.statusCode, 200);
    assert.equal(typeof reply.body.responseTimeMs, 'number');
    assert.equal(reply.body.errorMessage, null);
    assert.match(reply.body.deliveryId, /^whdel_/);
    const [request] = t.receiver.requests;
    assert.equal(request!.headers['x-webhook-event'], 'webhook.ping');
    assert.equal(request!.headers['x-webhook-delivery'], reply.body.deliveryId);
    assert.equal(
      request!.headers['x-webhook-signature'],
      `sha256=${createHmac('sha256', webhook.secret).update(request!.body).digest('hex')}`,
    );
    assert.equal(JSON.parse(request!.body).event, 'webhook.ping');
    const [record] = await t.app.history(t.key, webhook.id);
    assert.equal(record.event, 'webhook.ping');
    assert.equal(record.deliveryStatus, 'success');
    assert.equal(record.trigger, 'ping');
  });

  it('reports a failed ping without counting it, and pings a failed webhook too', async () => {
    t.receiver.handle(() => ({ status: 503, body: 'maintenance' }));
    const webhook = await t.app.webhook(t.key, t.receiver.url('/ping-fail'));
    await updateWebhook(t.app.context.db, webhook.id, { status: 'failed', consecutive_failures: 5 });
    const reply = await ping(webhook.id);
    assert.equal(reply.status, 200);
    assert.equal(reply.body.success, false);
    assert.equal(reply.body.statusCode, 503);
    assert.equal(reply.body.errorMessage, 'receiver answered 503 Service Unavailable');
    const state = (await t.app.request('GET', `/v1/integration/webhooks/${webhook.id}`, { key: t.key })).body;
    assert.equal(state.consecutiveFailures, 5);
    assert.equal(state.status, 'failed');
    const [record] = await t.app.history(t.key, webhook.id);
    assert.equal(record.deliveryStatus, 'failed');
    assert.equal(record.attemptNumber, 1);
  });

  it('pings an unreachable receiver with a clear message, and 404s for unknown webhooks', async () => {
    t.receiver.handle(() => 'hang');
    const webhook = await t.app.webhook(t.key, t.receiver.url('/ping-hang'));
    const reply = await ping(webhook.id);
    assert.equal(reply.body.success, false);
    assert.equal(reply.body.statusCode, null);
    assert.match(reply.body.errorMessage, /timed out/);
    assert.equal((await ping(999_999)).status, 404);
    const stranger = (await t.app.key(await t.app.business('Other'), ['webhooks:manage'])).key;
    assert.equal((await ping(webhook.id, stranger)).status, 404);
  });

  it('redelivers a finished delivery once, with the same id and bytes', async () => {
    t.receiver.handle(() => ({ status: 500 }));
    const webhook = await t.app.webhook(t.key, t.receiver.url('/again'));
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 7 });
    const [failed] = await eventually(async () => {
      const h = await t.app.history(t.key, webhook.id);
      return h[0]?.deliveryStatus === 'failed' ? h : undefined;
    });
    t.receiver.handle(() => ({ status: 200 }));
    const reply = await t.app.request('POST', `/v1/integration/webhooks/${webhook.id}/deliveries/${failed.deliveryId}/retry`, {
      key: t.key,
    });
    assert.equal(reply.status, 202);
    assert.equal(reply.body.deliveryId, failed.deliveryId);
    assert.equal(reply.body.attemptNumber, 2);
    assert.equal(reply.body.trigger, 'manual');
    const history = await eventually(async () => {
      const h = await t.app.history(t.key, webhook.id);
      return h[1]?.deliveryStatus === 'success' ? h : undefined;
    });
    assert.equal(history.length, 2);
    const [first, second] = t.receiver.requests;
    assert.equal(second!.body, first!.body);
    assert.equal(second!.headers['x-webhook-delivery'], failed.deliveryId);
  });
});

describe('redelivery refused while the attempt is in flight', () => {
  // Its own suite: the history read and the retry must both come while the send still hangs, so
  // the timeout is long enough for a loaded machine (the other suite's 500 ms is not).
  const t = deliverySuite({ config: { retryDelays: [0], deliveryTimeoutMs: 3_000 } });

  it('refuses to redeliver what is unknown, in progress, or on a switched-off webhook', async () => {
    t.receiver.handle(() => 'hang');
    const webhook = await t.app.webhook(t.key, t.receiver.url('/slow'));
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 8 });
    const [pending] = await eventually(async () => {
      const h = await t.app.history(t.key, webhook.id);
      return h.length > 0 ? h : undefined;
    });
    const retry = (deliveryId: string, id = webhook.id) =>
      t.app.request('POST', `/v1/integration/webhooks/${id}/deliveries/${deliveryId}/retry`, { key: t.key });
    const inProgress = await retry(pending.deliveryId);
    assert.equal(inProgress.status, 409);
    assert.equal(inProgress.body.code, 'delivery_in_progress');
    assert.equal((await retry('whdel_doesnotexist')).status, 404);
    assert.equal((await retry('not-a-delivery-id')).status, 404);
    await eventually(async () => ((await t.app.history(t.key, webhook.id))[0].deliveryStatus === 'failed' ? true : undefined));
    await updateWebhook(t.app.context.db, webhook.id, { status: 'failed' });
    const off = await retry(pending.deliveryId);
    assert.equal(off.status, 409);
    assert.equal(off.body.code, 'webhook_not_active');
  });
});

describe('ping on a server whose deliveries are stopped', () => {
  const t = deliverySuite({ config: { deliveryTimeoutMs: 500 } });

  it('sends nothing and says so, and the history keeps the ping as not sent', async () => {
    const webhook = await t.app.webhook(t.key, t.receiver.url('/stopped'));
    await t.app.context.engine.stop();
    const reply = await t.app.request('POST', `/v1/integration/webhooks/${webhook.id}/ping`, { key: t.key });
    assert.equal(reply.status, 200);
    assert.equal(reply.body.success, false);
    assert.equal(reply.body.statusCode, null);
    assert.match(reply.body.errorMessage, /^not sent: deliveries are stopped/);
    assert.equal(t.receiver.requests.length, 0);
    const [record] = await t.app.history(t.key, webhook.id);
    assert.equal(record.trigger, 'ping');
    assert.equal(record.deliveryStatus, 'failed');
    assert.match(record.errorMessage, /^not sent: deliveries are stopped/);
  });
});
