import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { EVENT_NAMES } from '../src/delivery/events.ts';
import { TestApp } from './helpers/app.ts';
import { testingOnPostgres } from './helpers/postgres.ts';
import { Receiver } from './helpers/receiver.ts';
import { eventually, sleep } from './helpers/wait.ts';

/*
 * Issue 24, section 3: a webhook's own headers (sealed at rest, shown masked, a refused list, caps)
 * and `events: ["*"]`.
 */

const BASE = '/v1/integration/webhooks';
const TOKEN = 'Bearer crm-token-0123456789';

describe('a webhook’s own headers', () => {
  let app: TestApp;
  let receiver: Receiver;
  let businessId: number;
  let key: string;

  before(async () => {
    app = await TestApp.start();
    receiver = await Receiver.start();
  });
  after(async () => {
    await app.stop();
    await receiver.close();
  });
  beforeEach(async () => {
    receiver.requests.splice(0);
    businessId = await app.business();
    key = (await app.key(businessId, ['webhooks:manage'])).key;
  });

  const create = (body: Record<string, unknown>) =>
    app.request('POST', BASE, { key, body: { targetUrl: receiver.url('/crm'), events: ['booking.created'], ...body } });

  it('sends them with every delivery and ping, and shows them masked', async () => {
    const created = await create({ headers: { Authorization: TOKEN, 'X-Tenant': 'salon-7' } });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.body.headers, { Authorization: '••••••••6789', 'X-Tenant': '••••••••' });

    await app.emit(businessId, 'booking.created', { bookingId: 1 });
    const [delivery] = await receiver.waitFor(1);
    assert.equal(delivery!.headers.authorization, TOKEN);
    assert.equal(delivery!.headers['x-tenant'], 'salon-7');
    assert.match(String(delivery!.headers['x-webhook-signature']), /^sha256=/, 'the signatures are there as ever');

    const ping = await app.request('POST', `${BASE}/${created.body.id}/ping`, { key });
    assert.equal(ping.body.success, true, ping.text);
    assert.equal(receiver.requests[1]!.headers.authorization, TOKEN);

    for (const path of [`${BASE}/${created.body.id}`, BASE]) {
      const text = (await app.request('GET', path, { key })).text;
      assert.ok(!text.includes('crm-token'), `${path} never shows a value whole`);
      assert.ok(text.includes('••••••••6789'));
    }
  });

  it('sets and removes headers by name with PATCH, leaving the others as they are', async () => {
    const created = await create({ headers: { Authorization: TOKEN, 'X-Tenant': 'salon-7' } });
    const id = created.body.id;
    const patched = await app.request('PATCH', `${BASE}/${id}`, {
      key,
      body: { headers: { 'x-tenant': null, 'X-Region': 'eu-central-1-frankfurt' } },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.deepEqual(patched.body.headers, { Authorization: '••••••••6789', 'X-Region': '••••••••furt' });

    await app.emit(businessId, 'booking.created', { bookingId: 2 });
    const [delivery] = await receiver.waitFor(1);
    assert.equal(delivery!.headers.authorization, TOKEN);
    assert.equal(delivery!.headers['x-region'], 'eu-central-1-frankfurt');
    assert.equal(delivery!.headers['x-tenant'], undefined);

    const removed = await app.request('PATCH', `${BASE}/${id}`, { key, body: { headers: { authorization: null, 'X-REGION': null } } });
    assert.deepEqual(removed.body.headers, {});
  });

  it('refuses the headers the server sets itself, hop-by-hop ones and bad names, naming the header', async () => {
    const created = await create({ headers: { Authorization: TOKEN } });
    for (const name of [
      'Host',
      'content-length',
      'Content-Type',
      'Transfer-Encoding',
      'Connection',
      'Keep-Alive',
      'Upgrade',
      'TE',
      'Proxy-Authorization',
      'User-Agent',
      'webhook-signature',
      'Webhook-Id',
      'X-Webhook-Signature',
      'x-webhook-event',
      'Bad Name',
      'Bad:Name',
    ]) {
      for (const reply of [
        await create({ headers: { [name]: 'x' } }),
        await app.request('PATCH', `${BASE}/${created.body.id}`, { key, body: { headers: { [name]: 'x' } } }),
      ]) {
        assert.equal(reply.status, 400, `${name}: ${reply.text}`);
        assert.equal(reply.body.code, 'validation_failed');
        assert.equal(reply.body.field, `headers.${name}`);
        assert.ok(reply.body.message.includes(`"${name}"`), reply.body.message);
      }
    }
    const unchanged = await app.request('GET', `${BASE}/${created.body.id}`, { key });
    assert.deepEqual(unchanged.body.headers, { Authorization: '••••••••6789' });
  });

  it('refuses values with line breaks or control characters, and more than 20 headers or 4 KiB', async () => {
    for (const value of ['a\r\nX-Injected: 1', 'a\nb', 'tab\there', ' padded', 'é', 'x'.repeat(1025), '']) {
      const reply = await create({ headers: { 'X-Value': value } });
      assert.equal(reply.status, 400, `${JSON.stringify(value)}: ${reply.text}`);
      assert.equal(reply.body.field, 'headers.X-Value');
    }
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`X-H${i}`, 'v']));
    const tooMany = await create({ headers: many });
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.field, 'headers');

    const created = await create({ headers: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`X-H${i}`, 'v'])) });
    assert.equal(created.status, 201, created.text);
    const oneMore = await app.request('PATCH', `${BASE}/${created.body.id}`, { key, body: { headers: { 'X-H20': 'v' } } });
    assert.equal(oneMore.status, 400, 'a PATCH that would make 21 is refused too');
    assert.equal(oneMore.body.field, 'headers');

    const large = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`X-Large-${i}`, 'v'.repeat(1000)]));
    const tooLarge = await create({ headers: large });
    assert.equal(tooLarge.status, 400);
    assert.match(tooLarge.body.message, /4096 bytes/);
  });

  it('keeps the values sealed at rest, never in clear in the database', async () => {
    const created = await create({ headers: { Authorization: TOKEN } });
    const row = await app.context.db
      .selectFrom('webhooks')
      .select('custom_headers')
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    assert.match(String(row.custom_headers), /^enc1:/);
    assert.ok(!String(row.custom_headers).includes('crm-token'));
    if (testingOnPostgres()) return;
    await app.request('PATCH', `${BASE}/${created.body.id}`, {
      key,
      body: { headers: { Authorization: 'Bearer rotated-token-9876543210' } },
    });
    for (const entry of fs.readdirSync(app.dataDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())) {
      const bytes = fs.readFileSync(path.join(entry.parentPath, entry.name));
      assert.equal(bytes.includes('crm-token-0123456789'), false, `${entry.name} holds a header value, dead or live`);
      assert.equal(bytes.includes('rotated-token-9876543210'), false, `${entry.name} holds a header value in clear`);
    }
  });
});

describe('events: ["*"]', () => {
  let app: TestApp;
  let receiver: Receiver;

  before(async () => {
    app = await TestApp.start();
    receiver = await Receiver.start();
  });
  after(async () => {
    await app.stop();
    await receiver.close();
  });

  it('subscribes to every event, and says so', async () => {
    const businessId = await app.business();
    const { key } = await app.key(businessId, ['webhooks:manage']);
    const created = await app.request('POST', BASE, { key, body: { targetUrl: receiver.url('/all'), events: ['*'] } });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.body.events, ['*']);
    for (const event of EVENT_NAMES) await app.emit(businessId, event, { bookingId: 1 });
    const requests = await receiver.waitFor(EVENT_NAMES.length);
    assert.deepEqual(requests.map((r) => r.headers['x-webhook-event']).sort(), [...EVENT_NAMES].sort());
  });

  it('is alone or not at all, and PATCH takes it too', async () => {
    const businessId = await app.business();
    const { key } = await app.key(businessId, ['webhooks:manage']);
    const mixed = await app.request('POST', BASE, { key, body: { targetUrl: receiver.url('/mixed'), events: ['*', 'booking.created'] } });
    assert.equal(mixed.status, 400);
    assert.equal(mixed.body.field, 'events');
    const unknown = await app.request('POST', BASE, { key, body: { targetUrl: receiver.url('/x'), events: ['booking.*'] } });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.field, 'events[0]');
    assert.match(unknown.body.message, /must be one of: booking\.created, .*, booking\.reminder_due, \*\.$/);
    const one = await app.webhook(key, receiver.url('/one'), ['service.updated']);
    const patched = await app.request('PATCH', `${BASE}/${one.id}`, { key, body: { events: ['*'] } });
    assert.deepEqual(patched.body.events, ['*']);
  });

  it('still keeps client events from a key that books without reading bookings', async () => {
    receiver.requests.splice(0);
    const businessId = await app.business();
    const { key } = await app.key(businessId, ['bookings:write', 'webhooks:manage']);
    await app.request('POST', BASE, { key, body: { targetUrl: receiver.url('/blind'), events: ['*'] } });
    await app.emit(businessId, 'client.created', { clientId: 1 });
    await app.emit(businessId, 'service.updated', { serviceId: 1 });
    await eventually(() => (receiver.requests.length >= 1 ? true : undefined));
    await sleep(200);
    assert.deepEqual(
      receiver.requests.map((r) => r.headers['x-webhook-event']),
      ['service.updated'],
    );
  });
});
