import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { ALL_SCOPES, TestApp } from './helpers/app.ts';
import { TestClock } from './helpers/clock.ts';
import { regenerateKey, revokeKeyById } from '../src/keys/keys.service.ts';

describe('API key authentication', () => {
  const clock = new TestClock();
  let app: TestApp;
  let businessId: number;
  let key: string;

  before(async () => {
    app = await TestApp.start({ clock });
    businessId = await app.business();
    key = (await app.key(businessId, ALL_SCOPES)).key;
  });
  after(() => app.stop());

  const keyDeps = () => ({
    db: app.context.db,
    clock,
    ids: app.context.ids,
  });

  it('accepts the key in X-API-Key', async () => {
    const reply = await app.request('GET', '/v1/integration/webhooks', { key });
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body, { data: [], total: 0 });
  });

  it('accepts the key as a Bearer token', async () => {
    const reply = await app.request('GET', '/v1/integration/webhooks', { headers: { Authorization: `Bearer ${key}` } });
    assert.equal(reply.status, 200);
  });

  it('refuses a missing key with 401 invalid_api_key', async () => {
    const reply = await app.request('GET', '/v1/integration/webhooks');
    assert.equal(reply.status, 401);
    assert.equal(reply.body.code, 'invalid_api_key');
    assert.equal(reply.body.statusCode, 401);
    assert.equal(reply.body.error, 'Unauthorized');
    assert.match(reply.body.message, /X-API-Key/);
    assert.equal(reply.headers.get('x-ratelimit-limit'), null, 'no rate-limit headers without a valid key');
  });

  it('refuses an unknown key, a malformed one and a non-Bearer scheme', async () => {
    for (const headers of [
      { 'X-API-Key': 'bk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      { 'X-API-Key': 'not-a-key' },
      { Authorization: `Basic ${key}` },
      { Authorization: 'Bearer' },
    ] as Record<string, string>[]) {
      const reply = await app.request('GET', '/v1/integration/webhooks', { headers });
      assert.equal(reply.status, 401, JSON.stringify(headers));
      assert.equal(reply.body.code, 'invalid_api_key');
    }
  });

  it('refuses unknown paths under the prefix without a key (401), and names them with one (404)', async () => {
    assert.equal((await app.request('GET', '/v1/integration/nothing-here')).status, 401);
    const reply = await app.request('GET', '/v1/integration/nothing-here', { key });
    assert.equal(reply.status, 404);
    assert.equal(reply.body.code, 'not_found');
  });

  /** Raw headers as [name, value] pairs, so one header can be sent twice (fetch would join them). */
  const rawGet = (pairs: Array<[string, string]>) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const headers: Record<string, string[]> = {};
      for (const [name, value] of pairs) (headers[name] ??= []).push(value);
      const request = http.get(`${app.url}/v1/integration/webhooks`, { headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
      });
      request.on('error', reject);
    });

  it('refuses a request that carries two credentials, or one header twice (issue 14)', async () => {
    const other = (await app.key(businessId, ALL_SCOPES)).key;
    const cases: Array<[Array<[string, string]>, RegExp]> = [
      [
        [
          ['X-API-Key', key],
          ['Authorization', `Bearer ${other}`],
        ],
        /X-API-Key and Authorization carry different credentials/,
      ],
      [
        [
          ['X-API-Key', 'bk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
          ['Authorization', `Bearer ${key}`],
        ],
        /different credentials/,
      ],
      [
        [
          ['X-API-Key', key],
          ['Authorization', `Basic ${key}`],
        ],
        /different credentials/,
      ],
      [
        [
          ['X-API-Key', ''],
          ['Authorization', `Bearer ${key}`],
        ],
        /X-API-Key header is empty/,
      ],
      [[['X-API-Key', '']], /X-API-Key header is empty/],
      [
        [
          ['Authorization', `Bearer ${key}`],
          ['Authorization', `Bearer ${other}`],
        ],
        /Authorization header is sent more than once/,
      ],
      [
        [
          ['Authorization', `Bearer ${key}`],
          ['Authorization', `Bearer ${key}`],
        ],
        /Authorization header is sent more than once/,
      ],
      [
        [
          ['X-API-Key', key],
          ['X-API-Key', key],
        ],
        /X-API-Key header is sent more than once/,
      ],
    ];
    for (const [pairs, message] of cases) {
      const reply = await rawGet(pairs);
      assert.equal(reply.status, 401, JSON.stringify(pairs));
      assert.equal(reply.body.code, 'invalid_api_key');
      assert.match(reply.body.message, message);
    }
    // The same key in both headers is one credential, not two.
    assert.equal(
      (
        await rawGet([
          ['X-API-Key', key],
          ['Authorization', `Bearer ${key}`],
        ])
      ).status,
      200,
    );
  });

  it('refuses a revoked key at once with api_key_revoked', async () => {
    const created = await app.key(businessId, ['webhooks:manage']);
    assert.equal((await app.request('GET', '/v1/integration/webhooks', { key: created.key })).status, 200);
    await revokeKeyById(keyDeps(), created.id);
    const reply = await app.request('GET', '/v1/integration/webhooks', { key: created.key });
    assert.equal(reply.status, 401);
    assert.equal(reply.body.code, 'api_key_revoked');
  });

  it('refuses an expired key with api_key_expired', async () => {
    const expiresAt = new Date(clock.now() + 60_000).toISOString();
    const created = await app.key(businessId, ['webhooks:manage'], { expiresAt });
    assert.equal((await app.request('GET', '/v1/integration/webhooks', { key: created.key })).status, 200);
    clock.advance(60_000);
    const reply = await app.request('GET', '/v1/integration/webhooks', { key: created.key });
    assert.equal(reply.status, 401);
    assert.equal(reply.body.code, 'api_key_expired');
  });

  it('stops the old value at once when a key is regenerated; the new value works', async () => {
    const created = await app.key(businessId, ['webhooks:manage']);
    assert.equal((await app.request('GET', '/v1/integration/webhooks', { key: created.key })).status, 200);
    const regenerated = await regenerateKey(keyDeps(), created.id);
    assert.notEqual(regenerated.key, created.key);
    assert.equal(regenerated.id, created.id);
    const old = await app.request('GET', '/v1/integration/webhooks', { key: created.key });
    assert.equal(old.status, 401);
    assert.equal(old.body.code, 'invalid_api_key');
    assert.equal((await app.request('GET', '/v1/integration/webhooks', { key: regenerated.key })).status, 200);
  });
});

describe('scopes', () => {
  let app: TestApp;
  let businessId: number;

  before(async () => {
    app = await TestApp.start();
    businessId = await app.business();
  });
  after(() => app.stop());

  const routes = [
    { scope: 'webhooks:manage', method: 'GET', path: '/v1/integration/webhooks' },
    { scope: 'webhooks:manage', method: 'GET', path: '/v1/integration/webhooks/events' },
    { scope: 'webhooks:manage', method: 'POST', path: '/v1/integration/webhooks' },
    { scope: 'webhooks:manage', method: 'GET', path: '/v1/integration/webhooks/1/deliveries' },
    { scope: 'services:read', method: 'GET', path: '/v1/integration/services' },
  ] as const;

  for (const route of routes) {
    it(`${route.method} ${route.path} needs ${route.scope}`, async () => {
      const others = ALL_SCOPES.filter((s) => s !== route.scope);
      const without = await app.key(businessId, others);
      const reply = await app.request(route.method, route.path, { key: without.key, body: route.method === 'POST' ? {} : undefined });
      assert.equal(reply.status, 403);
      assert.equal(reply.body.code, 'insufficient_scope');
      assert.match(reply.body.message, new RegExp(route.scope));
      assert.equal(
        reply.headers.get('x-ratelimit-limit'),
        String(app.config.ratePerMinute),
        'a 403 to a valid key still carries the headers',
      );

      const withScope = await app.key(businessId, [route.scope]);
      const allowed = await app.request(route.method, route.path, { key: withScope.key, body: route.method === 'POST' ? {} : undefined });
      assert.notEqual(allowed.status, 403);
    });
  }
});
