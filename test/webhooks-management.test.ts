import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EVENT_NAMES } from '../src/delivery/events.ts';
import { updateWebhook } from '../src/webhooks/webhooks.repository.ts';
import { TestApp } from './helpers/app.ts';

const BASE = '/v1/integration/webhooks';
const valid = { targetUrl: 'https://crm.example.com/hooks', events: ['booking.created'], description: 'CRM' };

describe('webhook management', () => {
  let app: TestApp;
  let key: string;
  /** Every response body seen, to prove the secret only leaves where it should. */
  const seen: { where: string; text: string }[] = [];

  const call = async (method: string, path: string, body?: unknown) => {
    const reply = await app.request(method, path, { key, body });
    seen.push({ where: `${method} ${path}`, text: reply.text });
    return reply;
  };

  before(async () => {
    app = await TestApp.start();
    key = (await app.key(await app.business(), ['webhooks:manage'])).key;
  });
  after(() => app.stop());

  it("lists the spec's 14 event names and the reminder, an extension", async () => {
    const reply = await call('GET', `${BASE}/events`);
    assert.equal(reply.status, 200);
    assert.deepEqual(
      reply.body.data.map((e: { name: string }) => e.name),
      EVENT_NAMES,
    );
    assert.equal(reply.body.data.length, 15);
    assert.equal(reply.body.data.at(-1).name, 'booking.reminder_due');
  });

  it('creates a webhook: 201 with the spec fields and a whsec_ secret', async () => {
    const reply = await call('POST', BASE, valid);
    assert.equal(reply.status, 201);
    const w = reply.body;
    assert.equal(typeof w.id, 'number');
    assert.equal(w.targetUrl, valid.targetUrl);
    assert.deepEqual(w.events, valid.events);
    assert.equal(w.description, 'CRM');
    assert.equal(w.status, 'active');
    assert.equal(w.consecutiveFailures, 0);
    assert.equal(w.lastTriggeredAt, null);
    assert.ok(!Number.isNaN(Date.parse(w.createdAt)));
    assert.ok(!Number.isNaN(Date.parse(w.updatedAt)));
    assert.match(w.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(w.secret.slice(6), 'base64').length, 32);
  });

  it('makes description optional', async () => {
    const reply = await call('POST', BASE, { targetUrl: 'http://crm.example.com/b', events: ['client.created'] });
    assert.equal(reply.status, 201);
    assert.equal(reply.body.description, '');
  });

  it('lists and reads webhooks without their secrets', async () => {
    const list = await call('GET', BASE);
    assert.equal(list.status, 200);
    assert.equal(list.body.total, 2);
    for (const w of list.body.data) assert.equal('secret' in w, false);
    const one = await call('GET', `${BASE}/${list.body.data[0].id}`);
    assert.equal(one.status, 200);
    assert.equal('secret' in one.body, false);
  });

  it('changes events, description and targetUrl with PATCH', async () => {
    const { body: created } = await call('POST', BASE, valid);
    const reply = await call('PATCH', `${BASE}/${created.id}`, {
      events: ['booking.cancelled', 'payment.received'],
      description: 'changed',
      targetUrl: 'https://other.example.com/x',
    });
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body.events, ['booking.cancelled', 'payment.received']);
    assert.equal(reply.body.description, 'changed');
    assert.equal(reply.body.targetUrl, 'https://other.example.com/x');
    assert.equal('secret' in reply.body, false);
  });

  it('re-activates a failed webhook with PATCH status active and resets consecutiveFailures', async () => {
    const { body: created } = await call('POST', BASE, valid);
    await updateWebhook(app.context.db, created.id, { status: 'failed', consecutive_failures: 5, disabled_reason: 'test' });
    const reply = await call('PATCH', `${BASE}/${created.id}`, { status: 'active', events: ['booking.created'] });
    assert.equal(reply.status, 200);
    assert.equal(reply.body.status, 'active');
    assert.equal(reply.body.consecutiveFailures, 0);
    assert.equal(reply.body.disabledReason, null);
  });

  it('rotates the secret: a new one is returned once, and differs', async () => {
    const { body: created } = await call('POST', BASE, valid);
    const reply = await call('POST', `${BASE}/${created.id}/rotate-secret`);
    assert.equal(reply.status, 200);
    assert.match(reply.body.secret, /^whsec_/);
    assert.notEqual(reply.body.secret, created.secret);
    assert.equal(reply.body.id, created.id);
  });

  it('deletes a webhook: 204, then 404', async () => {
    const { body: created } = await call('POST', BASE, valid);
    assert.equal((await call('DELETE', `${BASE}/${created.id}`)).status, 204);
    assert.equal((await call('GET', `${BASE}/${created.id}`)).status, 404);
    assert.equal((await call('DELETE', `${BASE}/${created.id}`)).status, 404);
    assert.equal((await call('PATCH', `${BASE}/${created.id}`, { description: 'x' })).status, 404);
    assert.equal((await call('POST', `${BASE}/${created.id}/rotate-secret`)).status, 404);
  });

  it('pages the delivery history: {data, total}, empty for a new webhook', async () => {
    const { body: created } = await call('POST', BASE, valid);
    const reply = await call('GET', `${BASE}/${created.id}/deliveries?page=1&limit=5`);
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body, { data: [], total: 0 });
  });

  it('never shows a secret outside create and rotate-secret', () => {
    const secrets = new Set<string>();
    for (const { where, text } of seen) {
      const found = text.match(/whsec_[A-Za-z0-9+/=]+/g) ?? [];
      const allowed = where === `POST ${BASE}` || where.endsWith('/rotate-secret');
      if (!allowed) assert.deepEqual(found, [], `secret leaked in ${where}`);
      for (const s of found) secrets.add(s);
    }
    assert.ok(secrets.size >= 5, 'the check saw the secrets it should');
  });
});

describe('webhook validation', () => {
  let app: TestApp;
  let key: string;
  let webhookId: number;

  before(async () => {
    app = await TestApp.start();
    key = (await app.key(await app.business(), ['webhooks:manage'])).key;
    webhookId = (await app.request('POST', BASE, { key, body: valid })).body.id;
  });
  after(() => app.stop());

  const cases: Array<[string, unknown, string, RegExp]> = [
    ['unknown event', { ...valid, events: ['booking.exploded'] }, 'events[0]', /must be one of/],
    ['empty events', { ...valid, events: [] }, 'events', /at least 1 item/],
    ['duplicate events', { ...valid, events: ['booking.created', 'booking.created'] }, 'events', /same value twice/],
    ['events not an array', { ...valid, events: 'booking.created' }, 'events', /must be an array/],
    ['missing events', { targetUrl: valid.targetUrl }, 'events', /is required/],
    ['missing targetUrl', { events: valid.events }, 'targetUrl', /is required/],
    ['ftp URL', { ...valid, targetUrl: 'ftp://example.com/x' }, 'targetUrl', /http:\/\/ or https:\/\//],
    ['javascript URL', { ...valid, targetUrl: 'javascript:alert(1)' }, 'targetUrl', /http/],
    ['relative URL', { ...valid, targetUrl: '/hooks' }, 'targetUrl', /http/],
    ['URL with credentials', { ...valid, targetUrl: 'https://user:pw@example.com/x' }, 'targetUrl', /credentials/],
    ['URL with spaces', { ...valid, targetUrl: 'https://exa mple.com/x' }, 'targetUrl', /http/],
    ['overlong URL', { ...valid, targetUrl: `https://example.com/${'a'.repeat(2100)}` }, 'targetUrl', /at most 2048/],
    ['description not a string', { ...valid, description: 42 }, 'description', /must be a string/],
    ['unknown field', { ...valid, secret: 'mine' }, 'secret', /not a known field/],
  ];

  for (const [name, body, field, message] of cases) {
    it(`refuses ${name} on create with 400 naming ${field}`, async () => {
      const reply = await app.request('POST', BASE, { key, body });
      assert.equal(reply.status, 400);
      assert.equal(reply.body.code, 'validation_failed');
      assert.equal(reply.body.field, field);
      assert.match(reply.body.message, message);
    });
  }

  it('refuses an array or null body', async () => {
    for (const body of [[valid], null]) {
      const reply = await app.request('POST', BASE, { key, body });
      assert.equal(reply.status, 400, JSON.stringify(body));
      assert.equal(reply.body.code, 'validation_failed');
    }
  });

  const patchCases: Array<[string, unknown, RegExp]> = [
    ['an empty patch', {}, /at least one of/],
    ['status failed', { status: 'failed' }, /"status" must be "active"/],
    ['empty events', { events: [] }, /at least 1 item/],
    ['an unknown field', { secret: 'x' }, /not a known field/],
  ];
  for (const [name, body, message] of patchCases) {
    it(`refuses ${name} on PATCH`, async () => {
      const reply = await app.request('PATCH', `${BASE}/${webhookId}`, { key, body });
      assert.equal(reply.status, 400);
      assert.equal(reply.body.code, 'validation_failed');
      assert.match(reply.body.message, message);
    });
  }

  const pagingCases: Array<[string, string]> = [
    ['page=0', 'page'],
    ['page=-3', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['status=gone', 'status'],
    ['sort=asc', 'sort'],
  ];
  for (const [query, field] of pagingCases) {
    it(`refuses deliveries?${query} with 400 naming ${field}`, async () => {
      const reply = await app.request('GET', `${BASE}/${webhookId}/deliveries?${query}`, { key });
      assert.equal(reply.status, 400);
      assert.equal(reply.body.field, field);
    });
  }

  it('accepts the paging bounds page=1&limit=1 and limit=100', async () => {
    assert.equal((await app.request('GET', `${BASE}/${webhookId}/deliveries?page=1&limit=1`, { key })).status, 200);
    assert.equal((await app.request('GET', `${BASE}/${webhookId}/deliveries?limit=100`, { key })).status, 200);
    assert.equal((await app.request('GET', `${BASE}/${webhookId}/deliveries?page=1000000`, { key })).status, 200);
  });
});

describe('the active webhook limit', () => {
  let app: TestApp;
  let key: string;

  before(async () => {
    app = await TestApp.start({ config: { maxActiveWebhooks: 10 } });
    key = (await app.key(await app.business(), ['webhooks:manage'])).key;
  });
  after(() => app.stop());

  it('allows 10 active webhooks per key and refuses the 11th with 409', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const reply = await app.request('POST', BASE, { key, body: valid });
      assert.equal(reply.status, 201);
      ids.push(reply.body.id);
    }
    const eleventh = await app.request('POST', BASE, { key, body: valid });
    assert.equal(eleventh.status, 409);
    assert.equal(eleventh.body.code, 'webhook_limit_reached');

    // A failed webhook does not count; bringing it back while 10 are active is refused too.
    await updateWebhook(app.context.db, ids[0]!, { status: 'failed' });
    assert.equal((await app.request('POST', BASE, { key, body: valid })).status, 201);
    const reactivate = await app.request('PATCH', `${BASE}/${ids[0]}`, { key, body: { status: 'active' } });
    assert.equal(reactivate.status, 409);
    assert.equal(reactivate.body.code, 'webhook_limit_reached');
  });

  it('counts concurrent creates exactly', async () => {
    const other = (await app.key(await app.business('Other'), ['webhooks:manage'])).key;
    const replies = await Promise.all(Array.from({ length: 15 }, () => app.request('POST', BASE, { key: other, body: valid })));
    assert.equal(replies.filter((r) => r.status === 201).length, 10);
    assert.equal(replies.filter((r) => r.status === 409).length, 5);
  });
});
