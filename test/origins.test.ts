import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, TestApp } from './helpers/app.ts';

describe('allowedOrigins and CORS', () => {
  let app: TestApp;
  let restricted: string;
  let open: string;
  let businessId: number;

  before(async () => {
    app = await TestApp.start();
    businessId = await app.business();
    restricted = (await app.key(businessId, ['services:read'], { allowedOrigins: ['shop.example.com', '*.salon.test'] })).key;
    open = (await app.key(businessId, ['services:read'])).key;
  });
  after(() => app.stop());

  const get = (key: string, headers: Record<string, string> = {}) => app.request('GET', '/v1/integration/services', { key, headers });

  it('refuses a wildcard over a public suffix when a key is created (issue 14)', async () => {
    const create = (allowedOrigins: string[]) =>
      app.request('POST', `/admin/api/businesses/${businessId}/keys`, {
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
        body: { name: 'widget', scopes: ['services:read'], allowedOrigins },
      });
    for (const wide of ['*.com', '*.co.uk', '*.github.io', '*.CO.UK.', '*.localhost', '*.blogspot.com']) {
      const reply = await create(['shop.example.com', wide]);
      assert.equal(reply.status, 400, `${wide}: ${reply.text}`);
      assert.equal(reply.body.code, 'validation_failed');
      assert.equal(reply.body.field, 'allowedOrigins[1]');
      assert.match(reply.body.message, /would admit every site under the public suffix/);
    }
    for (const fine of ['*.example.com', '*.example.co.uk', '*.salon.github.io', 'com', '*.salon.test']) {
      const reply = await create([fine]);
      assert.equal(reply.status, 201, `${fine}: ${reply.text}`);
    }
  });

  it('serves an allowed Origin and answers with CORS headers for it', async () => {
    const reply = await get(restricted, { Origin: 'https://shop.example.com' });
    assert.equal(reply.status, 200);
    assert.equal(reply.headers.get('access-control-allow-origin'), 'https://shop.example.com');
    assert.match(reply.headers.get('access-control-expose-headers') ?? '', /X-RateLimit-Remaining/);
    assert.equal(reply.headers.get('access-control-allow-credentials'), null);
    assert.match(reply.headers.get('vary') ?? '', /Origin/);
  });

  it('matches wildcard subdomains but not the bare domain', async () => {
    assert.equal((await get(restricted, { Origin: 'https://book.salon.test' })).status, 200);
    assert.equal((await get(restricted, { Origin: 'https://a.b.salon.test:8443' })).status, 200);
    const bare = await get(restricted, { Origin: 'https://salon.test' });
    assert.equal(bare.status, 403);
    assert.equal(bare.body.code, 'origin_not_allowed');
  });

  it('refuses other origins, look-alikes and "null"', async () => {
    for (const origin of ['https://evil.example', 'https://shop.example.com.evil.example', 'https://evilsalon.test', 'null']) {
      const reply = await get(restricted, { Origin: origin });
      assert.equal(reply.status, 403, origin);
      assert.equal(reply.body.code, 'origin_not_allowed');
      assert.equal(reply.headers.get('access-control-allow-origin'), null);
    }
  });

  it('falls back to Referer when there is no Origin', async () => {
    assert.equal((await get(restricted, { Referer: 'https://shop.example.com/book?x=1' })).status, 200);
    assert.equal((await get(restricted, { Referer: 'https://evil.example/' })).status, 403);
  });

  it('refuses a restricted key when neither Origin nor Referer is sent', async () => {
    const reply = await get(restricted);
    assert.equal(reply.status, 403);
    assert.equal(reply.body.code, 'origin_not_allowed');
  });

  it('lets an unrestricted key call from anywhere, without CORS headers', async () => {
    const reply = await get(open, { Origin: 'https://anything.example' });
    assert.equal(reply.status, 200);
    assert.equal(reply.headers.get('access-control-allow-origin'), null);
    assert.equal((await get(open)).status, 200);
  });

  it('answers a preflight without a key', async () => {
    const reply = await app.request('OPTIONS', '/v1/integration/services', {
      headers: {
        Origin: 'https://shop.example.com',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-api-key',
      },
    });
    assert.equal(reply.status, 204);
    assert.equal(reply.headers.get('access-control-allow-origin'), 'https://shop.example.com');
    assert.match(reply.headers.get('access-control-allow-headers') ?? '', /X-API-Key/);
    assert.match(reply.headers.get('access-control-allow-methods') ?? '', /POST/);
  });
});
