import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { TestApp } from './helpers/app.ts';
import { Receiver } from './helpers/receiver.ts';
import { eventually } from './helpers/wait.ts';

/** How a receiver verifies X-Webhook-Signature: HMAC-SHA256 keyed with the secret string, compared in constant time. */
function verifySpecSignature(secret: string, body: string, header: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

describe('a delivery on the wire', () => {
  let app: TestApp;
  let receiver: Receiver;
  let key: string;
  let businessId: number;
  let webhook: { id: number; secret: string };

  before(async () => {
    app = await TestApp.start();
    receiver = await Receiver.start();
    businessId = await app.business();
    key = (await app.key(businessId, ['webhooks:manage'])).key;
    webhook = await app.webhook(key, receiver.url('/hooks/booking?src=test'), ['booking.created']);
    await app.emit(businessId, 'booking.created', {
      bookingId: 42,
      status: 'pending',
      serviceName: 'Haircut',
      staffName: 'Anna',
      startTime: '2026-11-23T10:00:00.000+01:00',
    });
    await receiver.waitFor(1);
  });
  after(async () => {
    await app.stop();
    await receiver.close();
  });

  it('is a POST to the target URL with the five spec headers', () => {
    const [request] = receiver.requests;
    assert.equal(request!.method, 'POST');
    assert.equal(request!.path, '/hooks/booking?src=test');
    const h = request!.headers;
    assert.equal(h['content-type'], 'application/json');
    assert.equal(h['x-webhook-event'], 'booking.created');
    assert.match(String(h['x-webhook-delivery']), /^whdel_[A-Za-z0-9_-]+$/);
    assert.match(String(h['x-webhook-signature']), /^sha256=[0-9a-f]{64}$/);
    const sent = Date.parse(String(h['x-webhook-timestamp']));
    assert.ok(Math.abs(sent - Date.now()) < 10_000, 'X-Webhook-Timestamp is the send time, ISO 8601');
    assert.match(String(h['x-webhook-timestamp']), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('carries the spec envelope: id, event, timestamp, apiVersion 1.0, data', () => {
    const [request] = receiver.requests;
    const envelope = JSON.parse(request!.body);
    assert.deepEqual(Object.keys(envelope), ['id', 'event', 'timestamp', 'apiVersion', 'data']);
    assert.equal(envelope.id, request!.headers['x-webhook-delivery']);
    assert.equal(envelope.event, 'booking.created');
    assert.equal(envelope.apiVersion, '1.0');
    assert.ok(!Number.isNaN(Date.parse(envelope.timestamp)));
    assert.deepEqual(envelope.data, {
      bookingId: 42,
      status: 'pending',
      serviceName: 'Haircut',
      staffName: 'Anna',
      startTime: '2026-11-23T10:00:00.000+01:00',
    });
  });

  it('is signed: HMAC-SHA256 of the body with the secret, verified in constant time', () => {
    const [request] = receiver.requests;
    assert.ok(verifySpecSignature(webhook.secret, request!.body, String(request!.headers['x-webhook-signature'])));
  });

  it('fails verification when one byte of the body changes, or with another secret', () => {
    const [request] = receiver.requests;
    const body = request!.body;
    const tampered = body.slice(0, 10) + String.fromCharCode(body.charCodeAt(10) ^ 1) + body.slice(11);
    assert.notEqual(tampered, body);
    assert.equal(verifySpecSignature(webhook.secret, tampered, String(request!.headers['x-webhook-signature'])), false);
    assert.equal(verifySpecSignature(`${webhook.secret}x`, body, String(request!.headers['x-webhook-signature'])), false);
  });

  it('carries Standard Webhooks headers that the reference library verifies with the same secret', () => {
    const [request] = receiver.requests;
    const h = request!.headers;
    assert.equal(h['webhook-id'], h['x-webhook-delivery']);
    assert.match(String(h['webhook-timestamp']), /^\d{10}$/);
    assert.equal(Number(h['webhook-timestamp']), Math.floor(Date.parse(String(h['x-webhook-timestamp'])) / 1000));
    assert.match(String(h['webhook-signature']), /^v1,[A-Za-z0-9+/]+=*$/);
    const verified = new Webhook(webhook.secret).verify(request!.body, {
      'webhook-id': String(h['webhook-id']),
      'webhook-timestamp': String(h['webhook-timestamp']),
      'webhook-signature': String(h['webhook-signature']),
    });
    assert.equal((verified as { id: string }).id, h['webhook-id']);
    assert.throws(() =>
      new Webhook(webhook.secret).verify(`${request!.body} `, {
        'webhook-id': String(h['webhook-id']),
        'webhook-timestamp': String(h['webhook-timestamp']),
        'webhook-signature': String(h['webhook-signature']),
      }),
    );
  });

  it('shows up in the history as one successful attempt', async () => {
    const history = await eventually(async () => {
      const h = await app.history(key, webhook.id);
      return h[0]?.deliveryStatus === 'pending' ? undefined : h;
    });
    assert.equal(history.length, 1);
    const [record] = history;
    assert.equal(record.event, 'booking.created');
    assert.equal(record.deliveryId, receiver.requests[0]!.headers['x-webhook-delivery']);
    assert.equal(record.deliveryStatus, 'success');
    assert.equal(record.attemptNumber, 1);
    assert.equal(record.responseStatusCode, 200);
    assert.equal(typeof record.responseTimeMs, 'number');
    assert.equal(record.errorMessage, null);
    assert.equal(record.responseBodyExcerpt, 'ok');
    const reply = await app.request('GET', `/v1/integration/webhooks/${webhook.id}`, { key });
    assert.ok(reply.body.lastTriggeredAt, 'lastTriggeredAt is set once the webhook fired');
  });
});

describe('the envelope made from the data as text (the outbox stringifies an event once)', () => {
  it('is byte for byte the envelope made from the data', async () => {
    const { envelopeBody, envelopeBodyOfText } = await import('../src/delivery/envelope.ts');
    const cases: Array<Record<string, unknown>> = [
      {},
      { bookingId: 42, note: 'x'.repeat(900) },
      { client: { name: 'Zoë "Z" Müller\\n', email: null, tags: ['a', 'b'] }, at: new Date(0), price: 12.5, emoji: '💇‍♀️ \u2028' },
      { nested: { deep: [{ a: [1, 2, { b: undefined, c: 'd' }] }] }, missing: undefined },
    ];
    for (const data of cases) {
      for (const [id, event] of [
        ['whdel_abc-_0123', 'booking.created'],
        ['with "quotes" \\', 'webhook.ping'],
      ] as const) {
        assert.equal(
          envelopeBodyOfText(id, event, 1_700_000_000_123, JSON.stringify(data)),
          envelopeBody(id, event, 1_700_000_000_123, data),
        );
      }
    }
  });
});
