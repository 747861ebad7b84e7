import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { Lookup } from '../src/delivery/targets.ts';
import { ADMIN_TOKEN } from './helpers/app.ts';
import { captureLogs } from './helpers/log-capture.ts';
import { fillPath, routeTable, type Route } from './helpers/routes.ts';
import { NOWHERE } from './helpers/receiver.ts';
import { admin, bookingBody, makeSalon, MONDAY, type Salon } from './helpers/salon.ts';
import { useApp } from './helpers/suite.ts';

/**
 * Random requests against every route of both route tables. Whatever comes in, the answer is
 * never a 5xx, never a stack trace or SQL, and never another tenant's data.
 * FUZZ_RUNS (default 300: 600 cases on each router's routes, 300 on random paths) and FUZZ_SEED make longer or repeatable runs.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** What tenant B is made of: none of it may ever reach tenant A. */
const RIVAL = {
  salon: 'Zebra Rivals Parlour',
  client: 'Quentin Rivalclient',
  email: 'quentin.rival@rival-only.test',
  staff: 'Rivalina',
  service: 'Rival Signature Cut',
};
const RIVAL_MARKERS = [...Object.values(RIVAL), 'rival-only-hook'];

const LEAKS: Array<[string, RegExp]> = [
  ['a stack trace', /\n\s+at |\bat .*\.(ts|js|mjs):\d+|node:internal/],
  ['a file path', /\/work\/|node_modules|src\/[a-z-]+\//],
  ['SQL text', /\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b|sqlite|SQLITE_/i],
];

/** Every name resolves to the loopback and nothing is delivered: random input sends nothing off this machine. */
const loopbackOnly = ((_host: string, options: any, callback: any) => {
  const done = typeof options === 'function' ? options : callback;
  setImmediate(() => (options?.all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4)));
}) as Lookup;

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** A raw HTTP request: the path goes out exactly as given (fetch would normalise `..` and escapes). */
function send(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, method, path, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.setTimeout(10_000, () => request.destroy(new Error(`no answer to ${method} ${path} within 10 s`)));
    request.end(body);
  });
}

// ---- arbitraries ----

const oddIds = fc.constantFrom(
  '0',
  '-1',
  '1e3',
  '1.5',
  '99999999999999999999',
  '9007199254740993',
  '%00',
  '..',
  '%2e%2e',
  '%2F',
  '%C3%BC',
  '%F0%9F%92%A5',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '%201',
  '%20',
  '1;drop',
  "1'--",
  '9'.repeat(400),
  'whdel_x',
  '%',
);
const pathSegment = fc.oneof(oddIds, fc.nat({ max: 40 }).map(String), fc.string({ maxLength: 12 }).map(encodeURIComponent));

const protoKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty');
const pollution = fc
  .record({ key: protoKeys, value: fc.jsonValue({ maxDepth: 2 }) })
  .map(({ key, value }) => `{"${key}":${JSON.stringify(value)},"polluted":true}`);
const deep = fc.integer({ min: 50, max: 3000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth));
const urls = fc.constantFrom(
  `${NOWHERE}/x`,
  'http://localhost:4/y',
  'ftp://127.0.0.1/',
  'javascript:alert(1)',
  'http://[::1]:4/',
  '',
  'http://',
  '//x',
  `${NOWHERE}/${'a'.repeat(3000)}`,
);
const fieldValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  urls,
  oddIds,
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 40 }),
  fc.constant('2026-11-23T10:00:00+01:00'),
);

/** A valid body per route (by method and the path after the business), so mutations get past validation. */
const VALID: Record<string, Record<string, unknown>> = {
  'POST /bookings': { serviceId: 1, startTime: `${MONDAY}T11:00:00+01:00`, client: { name: 'Fuzz', email: 'fuzz@example.com' } },
  'POST /bookings/:id/cancel': { reason: 'fuzz' },
  'POST /webhooks': { targetUrl: `${NOWHERE}/fuzz`, events: ['booking.created'], description: 'fuzz' },
  'PATCH /webhooks/:id': { description: 'fuzz', events: ['booking.cancelled'], status: 'active' },
  'POST /services': { name: 'Fuzz cut', durationMinutes: 30, price: 1000 },
  'PATCH /services/:id': { name: 'Fuzz cut', price: 1200 },
  'POST /staff': { name: 'Fuzz stylist', serviceIds: [1] },
  'PATCH /staff/:id': { name: 'Fuzz stylist' },
  'PUT /staff/:id/services': { serviceIds: [1, 2] },
  'POST /clients': { name: 'Fuzz client', email: 'fc@example.com' },
  'PATCH /clients/:id': { name: 'Fuzz client', phone: '+49 1' },
  'POST /payments': { bookingId: 1, amount: 100, method: 'cash' },
  'POST /payments/:id/refund': { amount: 1 },
  'POST /reviews': { rating: 5, comment: 'fuzz' },
  'POST /keys': { name: 'fuzz', scopes: ['services:read'] },
  'POST /bookings/:id/reschedule': { startTime: `${MONDAY}T15:00:00+01:00` },
  'PATCH ': { name: 'Alpha Salon' },
  'PATCH /booking-page': { slug: 'alpha-salon', locale: 'de-DE', accentColor: '#123456', confirmNewClients: true },
  'PUT /booking-page/logo': { image: 'data:image/png;base64,iVBORw0KGgo=' },
  'POST /v1/booking-page/:page/holds': { serviceIds: [1], startTime: `${MONDAY}T11:00:00+01:00` },
  'POST /v1/booking-page/:page/holds/release': { holdToken: `hold_${'x'.repeat(43)}` },
  'POST /v1/booking-page/:page/bookings': { holdToken: `hold_${'x'.repeat(43)}`, client: { name: 'Fuzz', email: 'fuzz@example.com' } },
};

interface Ids {
  businessId: number;
  own: number[];
  rival: number[];
  deliveryIds: string[];
}

describe('random requests on every route (fast-check)', () => {
  // The server's own error log, so a 5xx names its cause.
  const logs = captureLogs('error');
  const { clock, app } = useApp({ lookup: loopbackOnly, logger: logs.logger });
  let alpha: Salon;
  let rival: Salon;
  let ids: Ids;
  let routes: Route[];
  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
  const statuses = new Map<number, number>();

  before(async () => {
    alpha = await makeSalon(app, 'Alpha Salon');
    rival = await makeSalon(app, RIVAL.salon);
    await admin(app, 'PATCH', `${rival.base}/services/${rival.haircut}`, { name: RIVAL.service }, 200);
    await admin(app, 'PATCH', `${rival.base}/staff/${rival.anna}`, { name: RIVAL.staff }, 200);
    for (const salon of [alpha, rival]) {
      const client = salon === rival ? { name: RIVAL.client, email: RIVAL.email } : { name: 'Alice Alpha', email: 'alice@alpha.test' };
      const booked = await app.request('POST', '/v1/integration/bookings', {
        key: salon.key,
        body: bookingBody(salon.haircut, `${MONDAY}T10:00:00+01:00`, { client }),
      });
      assert.equal(booked.status, 201, booked.text);
      await admin(app, 'POST', `${salon.base}/payments`, { bookingId: booked.body.id, amount: 100, method: 'cash' }, 201);
      await app.request('POST', '/v1/integration/webhooks', {
        key: salon.key,
        body: {
          targetUrl: `${NOWHERE}/${salon === rival ? 'rival-only-hook' : 'alpha'}`,
          events: ['booking.created'],
          description: salon === rival ? 'rival-only-hook' : 'alpha',
        },
      });
    }
    // Nothing random is ever delivered; pings go to the loopback (port 9, nobody there).
    await app.context.engine.stop();
    ids = {
      businessId: alpha.businessId,
      own: [1, 2, 3, 4],
      rival: [5, 6, 7, 8, rival.haircut, rival.anna, rival.ben],
      deliveryIds: ['whdel_none'],
    };
    routes = routeTable(app);
  });
  after(() => agent.destroy());

  /** The checks every answer must pass; `tenantA` says the caller may only see tenant A. */
  function check(label: string, answer: Answer, tenantA: boolean): void {
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (answer.status >= 500) {
      const requestId = /"requestId":"([^"]+)"/.exec(answer.text)?.[1];
      const cause = logs.entries().find((entry) => entry.requestId === requestId)?.err;
      assert.fail(`${label} → ${answer.status} ${answer.text.slice(0, 300)}\nserver log: ${cause?.stack ?? 'none'}`);
    }
    // The status page is HTML: its markup (`<select>`) is not SQL, its words still are checked.
    const words = answer.contentType.startsWith('text/html') ? answer.text.replace(/<[^>]*>/g, ' ') : answer.text;
    for (const [what, pattern] of LEAKS)
      assert.doesNotMatch(words, pattern, `${label} answered with ${what}: ${answer.text.slice(0, 300)}`);
    if (tenantA) for (const marker of RIVAL_MARKERS) assert.ok(!answer.text.includes(marker), `${label} showed tenant B's "${marker}"`);
    if (answer.status >= 400 && answer.text.startsWith('{')) {
      const body = JSON.parse(answer.text);
      assert.equal(typeof body.code, 'string', label);
      assert.equal(typeof body.requestId, 'string', label);
    }
  }

  const id = () => fc.oneof(fc.constantFrom(...ids.own.map(String)), fc.constantFrom(...ids.rival.map(String)), pathSegment);
  const query = fc
    .dictionary(
      fc.oneof(
        fc.constantFrom(
          'page',
          'limit',
          'from',
          'to',
          'status',
          'staffId',
          'serviceId',
          'clientId',
          'date',
          'active',
          'deliveryId',
          'businessId',
          '__proto__',
          'limit[]',
        ),
        fc.string({ maxLength: 6 }),
      ),
      fc.oneof(oddIds, fc.string({ maxLength: 20 }), fc.integer().map(String), fc.constant(MONDAY)),
      { maxKeys: 4 },
    )
    .map((q) =>
      Object.entries(q)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
        .join('&'),
    );
  /** The route's valid body with one field changed, dropped, or joined by a prototype key. */
  const mutated = (route: Route) => {
    const key = `${route.method} ${route.path.replace(/^\/v1\/integration|^\/admin\/api\/businesses\/:businessId/, '')}`;
    const valid = VALID[key];
    if (!valid) return undefined;
    const fields = Object.keys(valid);
    return fc
      .record({ field: fc.constantFrom(...fields, '__proto__', 'constructor', 'unknownField'), value: fieldValue, drop: fc.boolean() })
      .map(({ field, value, drop }) => {
        const copy: Record<string, unknown> = { ...valid };
        if (drop && field in copy) delete copy[field];
        else if (field === '__proto__') return `${JSON.stringify(copy).slice(0, -1)},"__proto__":{"polluted":true}}`;
        else copy[field] = value;
        return JSON.stringify(copy);
      });
  };
  const body = (route?: Route) =>
    fc.oneof(
      ...(route && mutated(route)
        ? [
            mutated(route)!,
            mutated(route)!,
            mutated(route)!,
            fc.constant(
              JSON.stringify(
                VALID[`${route.method} ${route.path.replace(/^\/v1\/integration|^\/admin\/api\/businesses\/:businessId/, '')}`],
              ),
            ),
          ]
        : []),
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc
        .dictionary(
          fc.constantFrom(
            'targetUrl',
            'events',
            'description',
            'status',
            'serviceId',
            'staffId',
            'startTime',
            'client',
            'notes',
            'reason',
            'name',
            'email',
            'scopes',
            'amount',
            'rating',
            'bookingId',
            'serviceIds',
            'timezone',
            'mon',
            'allowedOrigins',
            'holdToken',
            'slug',
          ),
          fieldValue,
          { maxKeys: 6 },
        )
        .map((o) => JSON.stringify(o)),
      fc
        .record({
          serviceId: fc.constantFrom(alpha.haircut, rival.haircut, 0, -1),
          startTime: fc.constantFrom(`${MONDAY}T11:00:00+01:00`, 'yesterday', ''),
          client: fc.record({ name: fieldValue, email: fieldValue }),
        })
        .map((o) => JSON.stringify(o)),
      pollution,
      deep,
      fc.string({ maxLength: 50 }),
      fc.constantFrom(
        '',
        '{',
        '{"a":',
        'null',
        '[]',
        '"x"',
        '1e999',
        '{"a":1}{"b":2}',
        '\u0000',
        `{"events":["booking.created"],"targetUrl":"${NOWHERE}/ok"}`,
      ),
    );
  const contentType = fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=utf-16',
    'application/json; charset=latin1',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/vnd.api+json',
    '',
    'application/json, text/html',
    '*/*',
  );
  const methodFor = (route: Route) =>
    fc.oneof(fc.constant(route.method), fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PROPFIND'));

  function request(route: Route, credentials: fc.Arbitrary<Record<string, string>>) {
    return fc.record({
      method: methodFor(route),
      params: fc.record({
        id: id(),
        deliveryId: fc.oneof(fc.constantFrom(...ids.deliveryIds), pathSegment),
        page: fc.oneof(fc.constant('alpha-salon'), pathSegment),
      }),
      query,
      body: fc.option(body(route), { nil: undefined, freq: 4 }),
      contentType: fc.oneof({ weight: 4, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: contentType }),
      credentials,
      extra: fc.dictionary(
        fc.constantFrom('Idempotency-Key', 'X-Request-Id', 'Origin', 'Referer', 'Accept', 'Content-Encoding', 'Transfer-Encoding'),
        fc.oneof(
          fc.string({ maxLength: 30 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
          fc.constant('x'.repeat(4000)),
          fc.constantFrom('gzip', 'chunked', 'https://evil.example', 'null'),
        ),
        { maxKeys: 2 },
      ),
    });
  }

  async function fire(
    path: string,
    r: {
      method: string;
      query: string;
      body?: string;
      contentType: string;
      credentials: Record<string, string>;
      extra: Record<string, string>;
    },
  ) {
    const headers: Record<string, string> = { ...r.extra, ...r.credentials };
    delete headers['Transfer-Encoding'];
    // HEAD answers carry no body, so none is sent with it either.
    const body = r.method === 'HEAD' ? undefined : r.body;
    if (body !== undefined) {
      if (r.contentType) headers['Content-Type'] = r.contentType;
      headers['Content-Length'] = String(Buffer.byteLength(body));
    }
    const url = r.query ? `${path}?${r.query}` : path;
    // A minute passes per request, so the admin lockout after wrong tokens never outlasts the next case.
    clock.advance(61_000);
    return send(app.url, r.method, url, headers, body);
  }

  type Headers = Record<string, string>;
  const keyVariants = (): fc.Arbitrary<Headers> =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constant<Headers>({ 'X-API-Key': alpha.key }) },
      { weight: 1, arbitrary: fc.constant<Headers>({ Authorization: `Bearer ${alpha.key}` }) },
      {
        weight: 2,
        arbitrary: fc.constantFrom<Headers>(
          {},
          { 'X-API-Key': `bk_live_${'x'.repeat(43)}` },
          { 'X-API-Key': 'x'.repeat(8000) },
          { Authorization: 'Bearer' },
          { Authorization: 'Basic YTpi' },
          { Authorization: `Bearer ${alpha.key} extra` },
          { 'X-API-Key': `${alpha.key}\t` },
          { Authorization: `Bearer ${ADMIN_TOKEN}` },
        ),
      },
    );

  it('integration routes: no 5xx, no stack, no SQL, nothing of tenant B', async (test) => {
    const integration = routes.filter((r) => r.api === 'integration');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...integration).chain((route) => request(route, keyVariants()).map((r) => ({ route, r }))),
        async ({ route, r }) => {
          const path = fillPath(route.path, r.params);
          check(`${r.method} ${path}?${r.query}`, await fire(path, r), true);
        },
      ),
      { numRuns: RUNS * 2, seed: SEED },
    );
    test.diagnostic(`seed ${SEED}, ${RUNS * 2} cases`);
  });

  it('admin routes of one business: no 5xx, no stack, no SQL, nothing of another business', async (test) => {
    const own = routes.filter((r) => r.api === 'admin' && r.path.includes(':businessId'));
    const asAdmin = fc.oneof(
      { weight: 8, arbitrary: fc.constant<Headers>({ Authorization: `Bearer ${ADMIN_TOKEN}` }) },
      { weight: 1, arbitrary: fc.constantFrom<Headers>({}, { Authorization: 'Bearer wrong-token-but-long-enough' }) },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...own).chain((route) => request(route, asAdmin).map((r) => ({ route, r }))),
        async ({ route, r }) => {
          const path = fillPath(route.path, { ...r.params, businessId: ids.businessId });
          check(`${r.method} ${path}?${r.query}`, await fire(path, r), true);
        },
      ),
      { numRuns: RUNS * 2, seed: SEED + 1 },
    );
    test.diagnostic(`seed ${SEED + 1}, ${RUNS * 2} cases`);
  });

  it("the booking page's routes, without a key: no 5xx, no stack, no SQL, nothing of tenant B on tenant A's page", async (test) => {
    const page = routes.filter((r) => r.api === 'page');
    assert.ok(page.length >= 5);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...page).chain((route) => request(route, keyVariants()).map((r) => ({ route, r }))),
        async ({ route, r }) => {
          const path = fillPath(route.path, r.params);
          check(`${r.method} ${path}?${r.query}`, await fire(path, r), true);
        },
      ),
      { numRuns: RUNS, seed: SEED + 3 },
    );
    test.diagnostic(`seed ${SEED + 3}, ${RUNS} cases`);
  });

  it('random paths and methods anywhere: no 5xx, no stack, no SQL', async (test) => {
    const prefix = fc.constantFrom(
      '/v1/integration/',
      '/admin/api/',
      '/admin/api/businesses/',
      '/',
      '//',
      '/v1/',
      '/healthz/',
      '/v1/integration/webhooks/1/deliveries/',
      '/v1/booking-page/',
      '/book/',
    );
    const rawPath = fc.tuple(prefix, fc.array(pathSegment, { maxLength: 5 })).map(([p, segments]) => p + segments.join('/'));
    const anyCredentials = fc.oneof(keyVariants(), fc.constant<Headers>({ Authorization: `Bearer ${ADMIN_TOKEN}` }));
    const anyRoute: Route = { method: 'GET', path: '', api: 'integration' };
    await fc.assert(
      fc.asyncProperty(rawPath, request(anyRoute, anyCredentials), async (path, r) => {
        // Admin answers may show any business; the tenant check applies to the key's answers.
        check(`${r.method} ${path}?${r.query}`, await fire(path, r), !path.startsWith('/admin/'));
      }),
      { numRuns: RUNS, seed: SEED + 2 },
    );
    test.diagnostic(`seed ${SEED + 2}, ${RUNS} cases`);
  });

  it('left Object.prototype alone and the server healthy', async (test) => {
    assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), prototypeBefore);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal((await app.request('GET', '/healthz')).status, 200);
    const rivalBooking = await app.request('GET', '/v1/integration/bookings', { key: rival.key });
    assert.equal(rivalBooking.body.data[0].client.name, RIVAL.client, "tenant B's own data is intact");
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    test.diagnostic(
      `${total} requests checked; by status: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
    );
  });
});
