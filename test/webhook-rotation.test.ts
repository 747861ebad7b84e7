import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { TestApp } from './helpers/app.ts';
import { TestClock } from './helpers/clock.ts';
import { type Received, Receiver } from './helpers/receiver.ts';

/*
 * Issue 24, section 1: rotating a secret without downtime. The receivers verify as integrators do,
 * through the real Standard Webhooks and Svix libraries. Those refuse a webhook-timestamp more than
 * five minutes from the machine's time, so the test clock stands at the real time whenever a
 * delivery is sent; the end of a grace period is reached by rotating with the clock set back.
 */

const HOUR = 3_600_000;

function standardHeaders(request: Received) {
  const h = request.headers;
  return {
    'webhook-id': String(h['webhook-id']),
    'webhook-timestamp': String(h['webhook-timestamp']),
    'webhook-signature': String(h['webhook-signature']),
  };
}

/** Whether both libraries accept the delivery with `secret`; throws when they disagree. */
function librariesAccept(secret: string, request: Received): boolean {
  const verdict = (verify: () => unknown) => {
    try {
      verify();
      return true;
    } catch {
      return false;
    }
  };
  const standard = verdict(() => new StandardWebhook(secret).verify(request.body, standardHeaders(request)));
  const svix = verdict(() => new SvixWebhook(secret).verify(request.body, standardHeaders(request)));
  assert.equal(svix, standard, 'svix and standardwebhooks agree');
  return standard;
}

/** The spec's X-Webhook-Signature check: HMAC-SHA256 of the body keyed with the secret string. */
function specAccepts(secret: string, request: Received): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(request.body).digest('hex')}`);
  const given = Buffer.from(String(request.headers['x-webhook-signature']));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

describe('rotating a webhook secret', () => {
  const clock = new TestClock(Date.now());
  let app: TestApp;
  let receiver: Receiver;
  let businessId: number;
  let key: string;

  before(async () => {
    app = await TestApp.start({ clock });
    receiver = await Receiver.start();
  });
  after(async () => {
    await app.stop();
    await receiver.close();
  });
  beforeEach(async () => {
    clock.set(Date.now());
    businessId = await app.business();
    key = (await app.key(businessId, ['webhooks:manage'])).key;
  });

  const rotate = async (webhookId: number, body?: unknown) => {
    const reply = await app.request('POST', `/v1/integration/webhooks/${webhookId}/rotate-secret`, { key, body });
    assert.equal(reply.status, 200, reply.text);
    return reply.body as { secret: string; previousSecrets: Array<{ expiresAt: string }> };
  };

  /** One event to the webhook, at the real time; its request at the receiver. */
  const deliver = async (webhookId: number): Promise<Received> => {
    clock.set(Date.now());
    const before = receiver.requests.length;
    await app.emit(businessId, 'booking.created', { bookingId: webhookId });
    const requests = await receiver.waitFor(before + 1);
    const request = requests.at(-1)!;
    assert.equal(request.path, `/rotation-${webhookId}`);
    return request;
  };

  const webhook = async () => {
    const created = await app.webhook(key, receiver.url(`/rotation-${Date.now()}`));
    // The path names the webhook, so each delivery can be told apart.
    const patched = await app.request('PATCH', `/v1/integration/webhooks/${created.id}`, {
      key,
      body: { targetUrl: receiver.url(`/rotation-${created.id}`) },
    });
    assert.equal(patched.status, 200, patched.text);
    return created;
  };

  it('without a grace period, makes the old secret invalid at once (the default, as before)', async () => {
    const { id, secret: old } = await webhook();
    const { secret, previousSecrets } = await rotate(id);
    assert.notEqual(secret, old);
    assert.deepEqual(previousSecrets, []);
    const request = await deliver(id);
    assert.equal(String(request.headers['webhook-signature']).split(' ').length, 1);
    assert.equal(librariesAccept(secret, request), true);
    assert.equal(librariesAccept(old, request), false);
    assert.equal(specAccepts(secret, request), true);
    assert.equal(specAccepts(old, request), false);
  });

  it('with a grace period, signs with both secrets; X-Webhook-Signature keeps the old one until it ends early', async () => {
    const { id, secret: old } = await webhook();
    const rotatedAt = clock.now();
    const { secret, previousSecrets } = await rotate(id, { gracePeriodSeconds: 86_400 });
    assert.deepEqual(previousSecrets, [{ expiresAt: new Date(rotatedAt + 24 * HOUR).toISOString() }]);

    const during = await deliver(id);
    assert.equal(String(during.headers['webhook-signature']).split(' ').length, 2, 'one signature per secret, space-separated');
    assert.equal(librariesAccept(old, during), true, 'a receiver that still has the old secret verifies');
    assert.equal(librariesAccept(secret, during), true, 'a receiver that already has the new secret verifies');
    assert.equal(specAccepts(old, during), true, 'X-Webhook-Signature: the old secret, until the grace period ends');
    assert.equal(specAccepts(secret, during), false);

    const ended = await app.request('POST', `/v1/integration/webhooks/${id}/expire-previous-secrets`, { key });
    assert.equal(ended.status, 200, ended.text);
    assert.deepEqual(ended.body.previousSecrets, []);
    assert.equal(ended.body.secret, undefined, 'the secret is shown by create and rotate only');

    const afterwards = await deliver(id);
    assert.equal(String(afterwards.headers['webhook-signature']).split(' ').length, 1);
    assert.equal(librariesAccept(secret, afterwards), true);
    assert.equal(librariesAccept(old, afterwards), false);
    assert.equal(specAccepts(secret, afterwards), true);
    assert.equal(specAccepts(old, afterwards), false);
  });

  it('stops signing with the old secret once the grace period is over', async () => {
    const { id, secret: old } = await webhook();
    clock.set(Date.now() - 2 * HOUR);
    const { secret } = await rotate(id, { gracePeriodSeconds: 3600 });
    // The grace period ended an hour before the real time the delivery is sent at.
    const request = await deliver(id);
    assert.equal(librariesAccept(secret, request), true);
    assert.equal(librariesAccept(old, request), false);
    assert.equal(specAccepts(secret, request), true);
    const reply = await app.request('GET', `/v1/integration/webhooks/${id}`, { key });
    assert.deepEqual(reply.body.previousSecrets, []);
  });

  it('keeps every secret still in its grace period through later rotations; X-Webhook-Signature has the oldest', async () => {
    const { id, secret: first } = await webhook();
    const { secret: second } = await rotate(id, { gracePeriodSeconds: 7200 });
    const { secret: third, previousSecrets } = await rotate(id, { gracePeriodSeconds: 3600 });
    assert.equal(previousSecrets.length, 2);
    const request = await deliver(id);
    assert.equal(String(request.headers['webhook-signature']).split(' ').length, 3);
    for (const secret of [first, second, third]) assert.equal(librariesAccept(secret, request), true);
    assert.equal(specAccepts(first, request), true);

    // A rotation without a grace period ends them all: a leaked secret is invalid at once.
    const { secret: fourth } = await rotate(id);
    const after = await deliver(id);
    assert.equal(librariesAccept(fourth, after), true);
    for (const secret of [first, second, third]) assert.equal(librariesAccept(secret, after), false);
  });

  it('keeps at most 10 previous secrets, the oldest dropped first', async () => {
    const { id, secret: first } = await webhook();
    let latest = { secret: first, previousSecrets: [] as Array<{ expiresAt: string }> };
    const secrets = [first];
    for (let i = 0; i < 11; i++) {
      latest = await rotate(id, { gracePeriodSeconds: 600 });
      secrets.push(latest.secret);
    }
    assert.equal(latest.previousSecrets.length, 10);
    const request = await deliver(id);
    assert.equal(librariesAccept(secrets[0]!, request), false, 'the first secret was dropped');
    assert.equal(librariesAccept(secrets[1]!, request), true);
    assert.equal(specAccepts(secrets[1]!, request), true, 'X-Webhook-Signature: the oldest secret still valid');
    assert.equal(librariesAccept(latest.secret, request), true);
  });

  it('refuses a grace period beyond 7 days, and one that is not a whole number of seconds', async () => {
    const { id } = await webhook();
    for (const gracePeriodSeconds of [604_801, -1, 1.5, '3600']) {
      const reply = await app.request('POST', `/v1/integration/webhooks/${id}/rotate-secret`, { key, body: { gracePeriodSeconds } });
      assert.equal(reply.status, 400, reply.text);
      assert.equal(reply.body.field, 'gracePeriodSeconds');
    }
    const week = await rotate(id, { gracePeriodSeconds: 604_800 });
    assert.equal(week.previousSecrets.length, 1);
  });

  it('is the same in the admin API, for the salon', async () => {
    const { id, secret: old } = await webhook();
    const reply = await app.request('POST', `/admin/api/businesses/${businessId}/webhooks/${id}/rotate-secret`, {
      headers: { Authorization: `Bearer ${app.config.adminToken}` },
      body: { gracePeriodSeconds: 60 },
    });
    assert.equal(reply.status, 200, reply.text);
    const request = await deliver(id);
    assert.equal(librariesAccept(old, request), true);
    assert.equal(librariesAccept(reply.body.secret, request), true);
  });
});
