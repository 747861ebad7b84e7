import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN_TOKEN, ALL_SCOPES, type Reply } from './helpers/app.ts';
import { captureLogs } from './helpers/log-capture.ts';
import { fillPath, routeTable } from './helpers/routes.ts';
import { admin } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

const ORIGIN = 'https://shop.example.com';

describe('security headers and request ids on every response', () => {
  const logs = captureLogs('info');
  const { app, salon } = useSalon({ logger: logs.logger });
  let browserKey: string;
  const seen: Array<{ label: string; reply: Reply }> = [];

  before(async () => {
    browserKey = (
      await admin(
        app,
        'POST',
        `${salon.base}/keys`,
        {
          name: 'browser',
          scopes: ALL_SCOPES,
          allowedOrigins: ['shop.example.com'],
        },
        201,
      )
    ).body.key;
  });

  async function call(label: string, method: string, path: string, headers: Record<string, string>, body?: unknown) {
    const reply = await app.request(method, path, { headers, body });
    seen.push({ label: `${label} ${method} ${path} → ${reply.status}`, reply });
    return reply;
  }

  it('sweeps every route of both route tables, without and with credentials', async (test) => {
    const routes = routeTable(app);
    assert.ok(routes.length >= 60, `${routes.length} routes`);
    const params = { businessId: salon.businessId, id: 1, deliveryId: 'whdel_nothing' };
    for (const { method, path, api } of routes) {
      const url = fillPath(path, params);
      const body = ['POST', 'PATCH', 'PUT'].includes(method) ? {} : undefined;
      const credentials: Record<string, string> =
        api === 'admin' ? { Authorization: `Bearer ${ADMIN_TOKEN}` } : { 'X-API-Key': browserKey };
      await call('anonymous', method, url, { Origin: ORIGIN }, body);
      await call('credentialled', method, url, { Origin: ORIGIN, ...credentials }, body);
      await call('wrong origin', method, url, { Origin: 'https://evil.example', ...credentials }, body);
    }
    for (const [method, path] of [
      ['GET', '/healthz'],
      ['GET', '/v1/integration/openapi.json'],
      ['GET', '/v1/integration/no-such-thing'],
      ['GET', '/admin/api/no-such-thing'],
      ['OPTIONS', '/v1/integration/services'],
      ['DELETE', '/healthz'],
    ] as const) {
      await call('extra', method, path, { Origin: ORIGIN, 'X-API-Key': browserKey, Authorization: `Bearer ${ADMIN_TOKEN}` });
    }

    const ids = new Set<string>();
    for (const { label, reply } of seen) {
      assert.ok(reply.status < 500, label);
      assert.equal(reply.headers.get('x-content-type-options'), 'nosniff', label);
      assert.equal(reply.headers.get('cache-control'), 'no-store', label);
      assert.notEqual(reply.headers.get('access-control-allow-origin'), '*', label);
      assert.equal(reply.headers.get('access-control-allow-credentials'), null, label);
      const allowed = reply.headers.get('access-control-allow-origin');
      if (allowed !== null) assert.equal(allowed, ORIGIN, label);
      if (label.startsWith('wrong origin') && label.includes('/v1/')) assert.equal(allowed, null, label);
      const requestId = reply.headers.get('x-request-id');
      assert.match(requestId ?? '', /^req_[A-Za-z0-9_-]{16}$/, label);
      ids.add(requestId!);
      if (reply.status >= 400) {
        assert.equal(reply.body.requestId, requestId, `${label}: the error body names the request id`);
        assert.equal(typeof reply.body.code, 'string', label);
      }
    }
    assert.equal(ids.size, seen.length, 'every request has its own id');
    const cors = seen.filter((s) => s.label.startsWith('credentialled') && s.reply.headers.get('access-control-allow-origin') === ORIGIN);
    assert.ok(cors.length >= 15, `the browser key's own origin was allowed on ${cors.length} integration calls`);

    const logged = new Map(
      logs
        .entries()
        .filter((e) => e.requestId && e.status)
        .map((e) => [e.requestId, e]),
    );
    for (const { label, reply } of seen) {
      const entry = logged.get(reply.headers.get('x-request-id'));
      assert.ok(entry, `${label}: its request id is in the log`);
      assert.equal(entry.status, reply.status, label);
    }
    test.diagnostic(`${routes.length} routes, ${seen.length} answers checked`);
  });

  it('lets any site frame the booking page (/book/…) and load embed.js, under the same strict policy; nothing else', async () => {
    const directivesOf = (csp: string) =>
      new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name!, values]),
      );
    for (const path of ['/book/salon', '/book/page.js', '/book/no-such-salon']) {
      const reply = await app.request('GET', path);
      const directives = directivesOf(reply.headers.get('content-security-policy') ?? '');
      assert.deepEqual(directives.get('frame-ancestors'), ['*'], path);
      assert.deepEqual(directives.get('script-src'), ["'self'"], path);
      assert.deepEqual(directives.get('default-src'), ["'self'"], path);
      assert.deepEqual(directives.get('object-src'), ["'none'"], path);
      assert.doesNotMatch(reply.headers.get('content-security-policy') ?? '', /unsafe-inline|unsafe-eval/, path);
      assert.equal(reply.headers.get('x-frame-options'), null, path);
      assert.equal(reply.headers.get('cross-origin-resource-policy'), 'cross-origin', path);
    }
    const embed = await app.request('GET', '/embed.js');
    assert.equal(embed.status, 200);
    assert.match(embed.headers.get('content-type') ?? '', /javascript/);
    assert.equal(embed.headers.get('cross-origin-resource-policy'), 'cross-origin', 'a website on another origin may load it');
    assert.equal(embed.headers.get('access-control-allow-origin'), null);
    for (const path of ['/', '/index.html', '/js/app.js', '/bookings', '/booking/salon']) {
      const reply = await app.request('GET', path);
      assert.deepEqual(directivesOf(reply.headers.get('content-security-policy') ?? '').get('frame-ancestors'), ["'none'"], path);
      assert.equal(reply.headers.get('x-frame-options'), 'DENY', path);
    }
  });

  it('echoes a well-formed X-Request-Id from the client, so a salon can quote its own', async () => {
    const reply = await call('echo', 'GET', '/v1/integration/nothing', { 'X-Request-Id': 'widget-7f3a9c21' });
    assert.equal(reply.headers.get('x-request-id'), 'widget-7f3a9c21');
    assert.equal(reply.body.requestId, 'widget-7f3a9c21');
    const odd = await call('echo', 'GET', '/v1/integration/nothing', { 'X-Request-Id': 'x\u00e9<script>' });
    assert.match(odd.headers.get('x-request-id') ?? '', /^req_/, 'a malformed id is replaced, not echoed');
  });

  it('gives the status page a strict Content-Security-Policy, even on a 404', async () => {
    for (const path of ['/', '/index.html', '/no-such-page', '/assets/app.js']) {
      const reply = await app.request('GET', path);
      const csp = reply.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name!, values]),
      );
      assert.deepEqual(directives.get('default-src'), ["'self'"], path);
      assert.deepEqual(directives.get('script-src'), ["'self'"], path);
      assert.deepEqual(directives.get('object-src'), ["'none'"], path);
      assert.deepEqual(directives.get('frame-ancestors'), ["'none'"], path);
      assert.deepEqual(directives.get('base-uri'), ["'none'"], path);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/, path);
      assert.equal(reply.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(reply.headers.get('x-frame-options'), 'DENY', path);
      assert.equal(reply.headers.get('referrer-policy'), 'no-referrer', path);
      assert.equal(reply.headers.get('cross-origin-opener-policy'), 'same-origin', path);
      // Plain HTTP on the salon's network: no upgrade to an https:// port nobody serves, no HSTS.
      assert.doesNotMatch(csp, /upgrade-insecure-requests/, path);
      assert.equal(reply.headers.get('strict-transport-security'), null, path);
      assert.ok(reply.status < 500, path);
    }
  });
});
