import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, TestApp } from './helpers/app.ts';
import { NOWHERE } from './helpers/receiver.ts';

describe('error responses', () => {
  let app: TestApp;
  let key: string;

  before(async () => {
    app = await TestApp.start();
    key = (await app.key(await app.business(), ['webhooks:manage'])).key;
  });
  after(() => app.stop());

  function assertErrorShape(reply: { status: number; body: any; headers: Headers }, status: number, code: string) {
    assert.equal(reply.status, status);
    assert.equal(reply.body.statusCode, status);
    assert.equal(typeof reply.body.error, 'string');
    assert.equal(typeof reply.body.message, 'string');
    assert.equal(reply.body.code, code);
    assert.equal(reply.body.requestId, reply.headers.get('x-request-id'));
    assert.doesNotMatch(JSON.stringify(reply.body), /at .*\.ts:\d+|SELECT|sqlite/i);
  }

  it('400 validation_failed for numbers too big to be numbers (found by the route fuzzer)', async () => {
    for (const query of ['page=1e400', 'limit=-1e400', 'page=Infinity']) {
      const reply = await app.request('GET', `/v1/integration/webhooks/1/deliveries?${query}`, { key });
      assert.notEqual(reply.status, 500, query);
    }
    const webhook = await app.webhook(key, `${NOWHERE}/numbers`);
    const paged = await app.request('GET', `/v1/integration/webhooks/${webhook.id}/deliveries?page=1e400`, { key });
    assertErrorShape(paged, 400, 'validation_failed');
    assert.equal(paged.body.field, 'page');
    assert.equal(paged.body.message, '"page" must be a finite number.');
  });

  it('400 validation_failed for a body nested too deep, before anything recurses into it (found by the route fuzzer)', async () => {
    const booker = (await app.key(await app.business(), ['bookings:write'])).key;
    for (const depth of [33, 5_000, 100_000]) {
      // The booking routes fingerprint the body for Idempotency-Key, recursively.
      const reply = await app.request('POST', '/v1/integration/bookings', {
        key: booker,
        raw: '['.repeat(depth) + ']'.repeat(depth),
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `deep-${depth}` },
      });
      assertErrorShape(reply, 400, 'validation_failed');
      assert.equal(reply.body.message, 'The request body is nested more than 32 levels deep.');
    }
    const fine = await app.request('POST', '/v1/integration/webhooks', {
      key,
      raw: '['.repeat(32) + ']'.repeat(32),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(fine.body.message, 'The request body must be a JSON object.', '32 levels are parsed and validated as usual');
  });

  it('400 invalid_json for broken JSON', async () => {
    const reply = await app.request('POST', '/v1/integration/webhooks', {
      key,
      raw: '{"targetUrl": ',
      headers: { 'Content-Type': 'application/json' },
    });
    assertErrorShape(reply, 400, 'invalid_json');
  });

  it('400 validation_failed naming the member for valid JSON with a "__proto__" member (issue 14)', async () => {
    for (const raw of [
      '{"__proto__":{"polluted":true},"targetUrl":"https://crm.example.com/"}',
      '{"events":["booking.created"],"x":{"a":[{"__proto__":null}]}}',
    ]) {
      const reply = await app.request('POST', '/v1/integration/webhooks', { key, raw, headers: { 'Content-Type': 'application/json' } });
      assertErrorShape(reply, 400, 'validation_failed');
      assert.equal(reply.body.message, 'The request body has a "__proto__" member, which is not accepted in any object. Remove it.');
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    }
  });

  it('400 validation_failed for well-formed JSON that is not an object', async () => {
    for (const raw of ['"just a string"', '42', 'null', '[]']) {
      const reply = await app.request('POST', '/v1/integration/webhooks', {
        key,
        raw,
        headers: { 'Content-Type': 'application/json' },
      });
      assertErrorShape(reply, 400, 'validation_failed');
      assert.match(reply.body.message, /body must be a JSON object/);
    }
  });

  it('400 validation_failed names the rule a field breaks, with its limit or allowed values, for a program to say in its own words', async () => {
    const post = (body: Record<string, unknown>) => app.request('POST', '/v1/integration/webhooks', { key, body });
    const target = { targetUrl: 'https://crm.example.com/hook', events: ['booking.created'] };
    const cases: Array<[Promise<{ status: number; body: any; headers: Headers }>, Record<string, unknown>]> = [
      [post({ events: ['booking.created'] }), { field: 'targetUrl', rule: 'required' }],
      [post({ ...target, colour: 'red' }), { field: 'colour', rule: 'unknown_field' }],
      [post({ ...target, description: 'x'.repeat(5000) }), { field: 'description', rule: 'too_long', limit: 500 }],
      [post({ ...target, events: [] }), { field: 'events', rule: 'too_few', limit: 1 }],
      [post({ ...target, events: 'booking.created' }), { field: 'events', rule: 'type', expected: 'array' }],
      [
        app.request('GET', '/v1/integration/webhooks/1/deliveries?page=0', { key }),
        { field: 'page', rule: 'too_small', limit: 1, comparison: '>=' },
      ],
      [
        app.request('GET', '/v1/integration/webhooks/1/deliveries?page=1e400', { key }),
        { field: 'page', rule: 'type', expected: 'number' },
      ],
    ];
    for (const [answer, expected] of cases) {
      const reply = await answer;
      assertErrorShape(reply, 400, 'validation_failed');
      const { field, rule, limit, comparison, expected: type } = reply.body;
      assert.deepEqual(
        Object.fromEntries(Object.entries({ field, rule, limit, comparison, expected: type }).filter(([, v]) => v !== undefined)),
        expected,
        reply.body.message,
      );
    }
    const business = await app.business();
    const nullable = (
      await app.request('POST', `/admin/api/businesses/${business}/keys`, {
        body: { name: 'Widget', scopes: ['business:read'], expiresAt: 42 },
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      })
    ).body;
    assert.deepEqual([nullable.field, nullable.rule, nullable.expected], ['expiresAt', 'type', 'string'], nullable.message);
    const unknownEvent = (await post({ ...target, events: ['booking.nope'] })).body;
    assert.equal(unknownEvent.rule, 'one_of');
    assert.ok(unknownEvent.allowed.includes('booking.created'), unknownEvent.message);
  });

  it('400 validation_failed for a missing body', async () => {
    const reply = await app.request('POST', '/v1/integration/webhooks', { key });
    assertErrorShape(reply, 400, 'validation_failed');
    assert.match(reply.body.message, /body must be a JSON object/);
  });

  it('413 payload_too_large above 1 MiB', async () => {
    const reply = await app.request('POST', '/v1/integration/webhooks', {
      key,
      body: { targetUrl: 'https://example.com', events: ['booking.created'], description: 'x'.repeat(1024 * 1024) },
    });
    assertErrorShape(reply, 413, 'payload_too_large');
  });

  it('415 unsupported_media_type for a body that is not JSON', async () => {
    const reply = await app.request('POST', '/v1/integration/webhooks', {
      key,
      raw: 'targetUrl=https://example.com',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    assertErrorShape(reply, 415, 'unsupported_media_type');
  });

  it('404 not_found for an unknown route, and for ids that are not ids', async () => {
    assertErrorShape(await app.request('GET', '/nowhere'), 404, 'not_found');
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      assertErrorShape(await app.request('GET', `/v1/integration/webhooks/${id}`, { key }), 404, 'not_found');
    }
  });

  it('405 method_not_allowed with an Allow header', async () => {
    const reply = await app.request('PUT', '/v1/integration/webhooks', { key, body: {} });
    assertErrorShape(reply, 405, 'method_not_allowed');
    assert.match(reply.headers.get('allow') ?? '', /POST/);
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const echoed = await app.request('GET', '/nowhere', { headers: { 'X-Request-Id': 'client-req-12345' } });
    assert.equal(echoed.headers.get('x-request-id'), 'client-req-12345');
    assert.equal(echoed.body.requestId, 'client-req-12345');
    const replaced = await app.request('GET', '/nowhere', { headers: { 'X-Request-Id': 'bad id with spaces' } });
    assert.match(replaced.headers.get('x-request-id') ?? '', /^req_/);
  });

  it('sets security headers on every response: no-store on the API, a strict CSP on the page', async () => {
    for (const path of ['/healthz', '/v1/integration/webhooks', '/admin/api/status', '/nowhere/v1']) {
      const reply = await app.request('GET', path, { key });
      assert.equal(reply.headers.get('x-content-type-options'), 'nosniff', path);
    }
    const api = await app.request('GET', '/v1/integration/webhooks', { key });
    assert.equal(api.headers.get('cache-control'), 'no-store');
    assert.equal(api.headers.get('content-security-policy'), null);
    const page = await app.request('GET', '/');
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'self'.*frame-ancestors 'none'/);
    assert.equal(page.headers.get('x-frame-options'), 'DENY');
    assert.equal(page.headers.get('referrer-policy'), 'no-referrer');
  });
});
