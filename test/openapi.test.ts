import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { Validator } from '@seriousme/openapi-schema-validator';
import defsSchema from '../schema/defs.ts';
import responsesSchema from '../schema/responses.json' with { type: 'json' };
import { GOOD_PASSWORD, sessionCookieOf } from './helpers/people.ts';
import { ADMIN_OPERATIONS } from '../src/admin-api.ts';
import { HEALTH_OPERATIONS } from '../src/health.operations.ts';
import { INTEGRATION_OPERATIONS } from '../src/integration-api.ts';
import { BOOKING_PAGE_OPERATIONS } from '../src/booking-page-api.ts';
import { IDENTITY_OPERATIONS } from '../src/reachability/identity.operations.ts';
import { ADMIN_TOKEN, requestAt, type TestApp } from './helpers/app.ts';
import { SoftwarePasskey } from './helpers/software-passkey.ts';
import { Receiver } from './helpers/receiver.ts';
import { SmtpReceiver } from './helpers/smtp.ts';
import { admin, bookingBody, makeSalon, MONDAY, SCHEDULE, TEST_NOW, type Salon } from './helpers/salon.ts';
import { eventually } from './helpers/wait.ts';
import { useApp, useReceiver } from './helpers/suite.ts';

const addFormats = (typeof formats === 'function' ? formats : (formats as { default: unknown }).default) as (ajv: Ajv2020) => void;

const ROOT = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

/**
 * Runs a Node tool from node_modules with every network connection and name lookup refused and
 * logged: the tools must work offline, and the test fails if they so much as try.
 */
async function offline(script: string, args: string[], cwd = ROOT): Promise<{ stdout: string; stderr: string; code: number }> {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'offline-')), 'network.log');
  const env = { ...process.env, NO_NETWORK_LOG: log, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  const argv = ['--import', path.join(ROOT, 'test/fixtures/no-network.mjs'), path.join(ROOT, 'node_modules', script), ...args];
  const result = await run(process.execPath, argv, { cwd, env, maxBuffer: 64 * 1024 * 1024 }).then(
    (r) => ({ ...r, code: 0 }),
    (e: { stdout: string; stderr: string; code: number }) => ({ stdout: e.stdout, stderr: e.stderr, code: e.code }),
  );
  assert.equal(fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '', '', `${script} tried to use the network`);
  return result;
}

/**
 * Generates a client from `doc` with openapi-typescript and type-checks one line per operation:
 * its success body, error codes and request body must be real types, not any/unknown/never.
 */
async function typesEveryOperation(doc: any, extra: readonly string[]): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-client-'));
  fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc));
  const generated = await offline('openapi-typescript/bin/cli.js', ['openapi.json', '-o', 'api.d.ts'], dir);
  assert.equal(generated.code, 0, generated.stderr);
  const lines = [
    `import type { operations, paths${doc.webhooks ? ', webhooks' : ''} } from './api';`,
    'type Known<T> = 0 extends 1 & T ? never : unknown extends T ? never : [T] extends [never] ? never : T;',
    'declare const anything: any;',
  ];
  for (const [route, ops] of Object.entries(doc.paths) as [string, Record<string, any>][]) {
    for (const [method, op] of Object.entries(ops)) {
      const success = Object.keys(op.responses).find((s) => s.startsWith('2'))!;
      const id = op.operationId;
      lines.push(
        `const ${id}Route: paths[${JSON.stringify(route)}][${JSON.stringify(method)}] = anything as operations[${JSON.stringify(id)}];`,
      );
      // Its media type: JSON, or what the answer says it is (a CSV file).
      const media = Object.keys(op.responses[success].content ?? {})[0];
      if (media) {
        lines.push(
          `const ${id}Answer: Known<operations[${JSON.stringify(id)}]['responses'][${success}]['content'][${JSON.stringify(media)}]> = anything;`,
        );
      }
      for (const status of Object.keys(op.responses).filter((s) => !s.startsWith('2'))) {
        lines.push(
          `const ${id}Error${status}: Known<operations[${JSON.stringify(id)}]['responses'][${status}]['content']['application/json']['code']> = anything;`,
        );
      }
      if (op.requestBody) {
        lines.push(
          `const ${id}Body: Known<NonNullable<operations[${JSON.stringify(id)}]['requestBody']>['content']['application/json']> = anything;`,
        );
      }
    }
  }
  for (const name of Object.keys(doc.webhooks ?? {})) {
    lines.push(
      `const hook${name.replace(/\W/g, '_')}: Known<NonNullable<webhooks[${JSON.stringify(name)}]['post']>['requestBody']['content']['application/json']['data']> = anything;`,
    );
  }
  lines.push(...extra);
  fs.writeFileSync(path.join(dir, 'check.ts'), `${lines.join('\n')}\n`);
  const tsc = await offline(
    'typescript/bin/tsc',
    [
      '--strict',
      '--noEmit',
      '--noUnusedLocals',
      'false',
      '--target',
      'es2022',
      '--module',
      'esnext',
      '--moduleResolution',
      'bundler',
      'check.ts',
    ],
    dir,
  );
  assert.equal(tsc.code, 0, `${tsc.stdout}${tsc.stderr}`);
}

/** Every operation that changes data, of every API. */
const WRITES = new Set(
  [...ADMIN_OPERATIONS, ...INTEGRATION_OPERATIONS, ...BOOKING_PAGE_OPERATIONS].filter((op) => op.write).map((op) => op.operationId),
);

/**
 * The operations among `writes` (operationId → request ids of their successes) of which no
 * success left an entry in the audit trail: a write whose service forgot `recordAudit`. (One
 * success may change nothing: an import's preview, a change to the same values.)
 */
async function unaudited(db: TestApp['context']['db'], writes: Map<string, string[]>): Promise<string[]> {
  const requestIds = [...writes.values()].flat();
  const rows = await db.selectFrom('audit_entries').select('request_id').where('request_id', 'in', requestIds).execute();
  const recorded = new Set(rows.map((row) => row.request_id));
  return [...writes].filter(([, ids]) => !ids.some((id) => recorded.has(id))).map(([operationId]) => operationId);
}

/** A real answer as TestApp gives it. */
interface Answered {
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * Checks real answers against an OpenAPI document: the answer's status is documented for its
 * operation, every header of the API's own it carries is declared for that status, and its body
 * validates (Ajv) against the schema the document gives for that status, or it has none.
 */
function answerChecker(doc: any, prefix: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({
    $id: 'oa',
    $defs: JSON.parse(JSON.stringify(doc.components.schemas).replace(/#\/components\/schemas\//g, 'oa#/$defs/')),
  });
  const checker = {
    /** Answers whose body was validated against a schema. */
    checked: 0,
    /** Operations (by operationId) seen answering their success status… */
    succeeded: new Set<string>(),
    /** …and those of them whose success body was validated. */
    succeededWithBody: new Set<string>(),
    /** The request ids of the successes of operations that change data, by operationId. */
    writes: new Map<string, string[]>(),
    conforms(method: string, path: string, reply: Answered): void {
      const op = doc.paths[`${prefix}${path}`]?.[method];
      assert.ok(op, `${method} ${path} is documented`);
      const response = op.responses[String(reply.status)];
      assert.ok(response, `${method} ${path} documents status ${reply.status}`);
      // Every header of the API's own that the answer carries is declared for that status.
      const declared = new Set(Object.keys(response.headers ?? {}).map((h) => h.toLowerCase()));
      for (const [name] of reply.headers) {
        if (/^(x-request-id|x-ratelimit-|ratelimit|retry-after|idempotent-replayed)/.test(name)) {
          assert.ok(declared.has(name), `${method} ${path} ${reply.status} declares the header ${name}`);
        }
      }
      const success = reply.status === Number(Object.keys(op.responses).find((s) => s.startsWith('2')));
      if (success) checker.succeeded.add(op.operationId);
      if (success && WRITES.has(op.operationId)) {
        checker.writes.set(op.operationId, [...(checker.writes.get(op.operationId) ?? []), reply.headers.get('x-request-id')!]);
      }
      const ref = response.content?.['application/json']?.schema?.$ref as string | undefined;
      if (!ref) {
        assert.equal(reply.body, undefined);
        return;
      }
      const validate = ajv.getSchema(`oa#/$defs/${ref.split('/').at(-1)}`)!;
      assert.ok(
        validate(reply.body),
        `${method} ${path} ${reply.status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(reply.body).slice(0, 500)}`,
      );
      checker.checked += 1;
      if (success) checker.succeededWithBody.add(op.operationId);
    },
  };
  return checker;
}

describe('the OpenAPI document', () => {
  const { clock, app } = useApp();
  let doc: any;

  before(async () => {
    const reply = await app.request('GET', '/v1/integration/openapi.json');
    assert.equal(reply.status, 200, 'served without a key');
    doc = reply.body;
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    assert.equal(doc.openapi, '3.1.0');
    const result = await new Validator().validate(doc);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 1)?.slice(0, 2000));
  });

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
    fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc));
    const result = await offline('@redocly/cli/bin/cli.js', ['lint', '--extends=recommended', '--format=json', 'openapi.json'], dir);
    const report = JSON.parse(result.stdout) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
    };
    const problems = report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    assert.deepEqual({ errors: report.totals.errors, warnings: report.totals.warnings }, { errors: 0, warnings: 0 }, problems.join('\n'));
  });

  it('gives every operation an operationId and every enum a type', () => {
    const ids = Object.values(doc.paths).flatMap((ops: any) => Object.values(ops).map((op: any) => op.operationId));
    assert.equal(new Set(ids).size, ids.length);
    assert.ok(ids.every((id) => typeof id === 'string'));
    assert.ok(doc.info.license?.name);
    const untyped: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (node === null || typeof node !== 'object') return;
      if ('enum' in node && !('type' in node)) untyped.push(at);
      for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`);
    };
    walk(doc, '#');
    assert.deepEqual(untyped, []);
  });

  it('types every operation in a client generated by openapi-typescript', async () => {
    await typesEveryOperation(doc, [
      // Enums arrive as unions: a wrong value is a type error, a right one is not.
      "const status: NonNullable<operations['listBookings']['parameters']['query']>['status'] = 'confirmed';",
      "// @ts-expect-error not a booking status\nconst wrong: NonNullable<operations['listBookings']['parameters']['query']>['status'] = 'gone';",
      "const replayed: operations['createBooking']['responses'][201]['headers']['Idempotent-Replayed'] = 'true';",
    ]);
  });

  it('lists every event under webhooks, and the ping', () => {
    assert.equal(Object.keys(doc.webhooks).length, 16);
    assert.ok(doc.webhooks['webhook.ping'].post.requestBody);
    assert.equal(
      doc.webhooks['booking.created'].post.requestBody.content['application/json'].schema.properties.data.$ref,
      '#/components/schemas/event.booking.created',
    );
  });

  describe('matches what the server answers', () => {
    let salon: Salon;
    const receiver = useReceiver();
    let answers: ReturnType<typeof answerChecker>;
    const conforms = (method: string, path: string, reply: Answered) => answers.conforms(method, path, reply);

    before(async () => {
      answers = answerChecker(doc, '/v1/integration');
      salon = await makeSalon(app);
    });

    it('gives each event a payload schema that compiles alone', async () => {
      const catalog = await app.request('GET', '/v1/integration/webhooks/events', { key: salon.key });
      assert.equal(catalog.status, 200);
      for (const { name, payloadSchema } of catalog.body.data) {
        const refs = [...JSON.stringify(payloadSchema).matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1]!);
        assert.deepEqual(
          refs.filter((ref) => !ref.startsWith('#/')),
          [],
          `${name} refers only inside itself`,
        );
        const alone = new Ajv2020({ strict: false });
        addFormats(alone);
        assert.doesNotThrow(() => alone.compile(payloadSchema), name);
      }
    });

    it('for every operation, on success and on failure', async () => {
      const key = salon.key;
      const call = async (method: string, template: string, path: string, body?: unknown, headers?: Record<string, string>) => {
        const reply = await app.request(method.toUpperCase(), `/v1/integration${path}`, { key, body, headers });
        conforms(method, template, reply);
        return reply;
      };
      await call('get', '/business', '/business');
      await call('get', '/services', '/services');
      await call('get', '/services', '/services?active=maybe');
      await call('get', '/services/{id}', `/services/${salon.haircut}`);
      await call('get', '/services/{id}', '/services/424242');
      await call('get', '/staff', '/staff');
      await call('get', '/staff/{id}', `/staff/${salon.anna}`);
      const slots = await call('get', '/slots', `/slots?serviceId=${salon.haircut}&date=${MONDAY}`);
      await call('get', '/slots', '/slots?date=tomorrow');
      const booking = await call('post', '/bookings', '/bookings', bookingBody(salon.haircut, slots.body.data[0].startTime), {
        'Idempotency-Key': 'oa-1',
      });
      await call('post', '/bookings', '/bookings', bookingBody(salon.haircut, slots.body.data[1].startTime), { 'Idempotency-Key': 'oa-1' });
      await call('post', '/bookings', '/bookings', bookingBody(salon.haircut, '2026-11-22T10:00:00+01:00'));
      await call('post', '/bookings', '/bookings', { serviceId: salon.haircut });
      const replay = await call('post', '/bookings', '/bookings', bookingBody(salon.haircut, slots.body.data[0].startTime), {
        'Idempotency-Key': 'oa-1',
      });
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
      await call('post', '/bookings', '/bookings', { serviceId: salon.haircut }, { 'Idempotency-Key': 'not a key' });
      const form = await app.request('POST', '/v1/integration/webhooks', {
        key,
        raw: 'a=b',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      conforms('post', '/webhooks', form);
      const huge = await app.request('POST', '/v1/integration/webhooks', { key, body: { description: 'x'.repeat(1024 * 1024 + 1) } });
      conforms('post', '/webhooks', huge);
      assert.deepEqual([form.status, huge.status], [415, 413]);
      await call('get', '/bookings', '/bookings');
      await call('get', '/bookings/{id}', `/bookings/${booking.body.id}`);
      await call('post', '/bookings/{id}/reschedule', `/bookings/${booking.body.id}/reschedule`, {
        startTime: slots.body.data[2].startTime,
      });
      const hold = await call('post', '/slots/holds', '/slots/holds', {
        serviceId: salon.haircut,
        startTime: slots.body.data[3].startTime,
      });
      await call('delete', '/slots/holds/{id}', `/slots/holds/${hold.body.id}`);
      await call('post', '/bookings/{id}/cancel', `/bookings/${booking.body.id}/cancel`, { reason: 'changed plans' });
      await call('post', '/bookings/{id}/cancel', `/bookings/${booking.body.id}/cancel`);
      await call('get', '/reviews', '/reviews');
      await call('get', '/webhooks/events', '/webhooks/events');
      const webhook = await call('post', '/webhooks', '/webhooks', { targetUrl: receiver.url(), events: ['booking.created'] });
      await call('post', '/webhooks', '/webhooks', { targetUrl: 'ftp://x', events: [] });
      await call('get', '/webhooks', '/webhooks');
      await call('get', '/webhooks/{id}', `/webhooks/${webhook.body.id}`);
      await call('patch', '/webhooks/{id}', `/webhooks/${webhook.body.id}`, { description: 'CRM' });
      await call('post', '/webhooks/{id}/rotate-secret', `/webhooks/${webhook.body.id}/rotate-secret`);
      const ping = await call('post', '/webhooks/{id}/ping', `/webhooks/${webhook.body.id}/ping`);
      await call('get', '/webhooks/{id}/deliveries', `/webhooks/${webhook.body.id}/deliveries`);
      await call(
        'get',
        '/webhooks/{id}/deliveries',
        `/webhooks/${webhook.body.id}/deliveries?event=webhook.ping&since=${new Date(TEST_NOW).toISOString()}`,
      );
      await call('get', '/webhooks/{id}/deliveries', `/webhooks/${webhook.body.id}/deliveries?bookingId=0`);
      await call(
        'post',
        '/webhooks/{id}/deliveries/{deliveryId}/retry',
        `/webhooks/${webhook.body.id}/deliveries/${ping.body.deliveryId}/retry`,
      );
      await eventually(async () =>
        (await app.history(key, webhook.body.id)).every((a) => a.deliveryStatus !== 'pending') ? true : undefined,
      );
      const one = `/webhooks/${webhook.body.id}`;
      await call('get', '/webhooks/{id}/deliveries/{deliveryId}', `${one}/deliveries/${ping.body.deliveryId}`);
      await call('get', '/webhooks/{id}/deliveries/{deliveryId}', `${one}/deliveries/whdel_nothing`);
      await call('get', '/webhooks/{id}/stats', `${one}/stats`);
      await call('post', '/webhooks/{id}/rotate-secret', `${one}/rotate-secret`, { gracePeriodSeconds: 3600 });
      await call('post', '/webhooks/{id}/rotate-secret', `${one}/rotate-secret`, { gracePeriodSeconds: 3600 * 24 * 8 });
      await call('get', '/webhooks/{id}', one);
      await call('post', '/webhooks/{id}/expire-previous-secrets', `${one}/expire-previous-secrets`);
      await call('patch', '/webhooks/{id}', one, { headers: { Authorization: 'Bearer a-token-for-the-crm', Host: null } });
      await call('patch', '/webhooks/{id}', one, { headers: { Authorization: 'Bearer a-token-for-the-crm' }, events: ['*'] });
      const since = new Date(TEST_NOW - 3_600_000).toISOString();
      const recovery = await call('post', '/webhooks/{id}/recover', `${one}/recover`, { since });
      assert.equal(recovery.status, 202, recovery.text);
      await call('post', '/webhooks/{id}/recover', `${one}/recover`, { since: 'yesterday' });
      await call('get', '/webhooks/{id}/recoveries/{recoveryId}', `${one}/recoveries/${recovery.body.id}`);
      await call('get', '/webhooks/{id}/recoveries/{recoveryId}', `${one}/recoveries/424242`);
      await call('delete', '/webhooks/{id}', `/webhooks/${webhook.body.id}`);
      const narrow = (await admin(app, 'POST', `${salon.base}/keys`, { name: 'n', scopes: ['staff:read'] }, 201)).body.key;
      conforms('get', '/business', await app.request('GET', '/v1/integration/business', { key: narrow }));
      conforms('get', '/business', await app.request('GET', '/v1/integration/business'));
      assert.ok(answers.checked >= INTEGRATION_OPERATIONS.length - 1, `${answers.checked} answers checked`);
      // Every write but the client's manage link's (test/audit.test.ts calls those) left its audit entry.
      assert.deepEqual(
        [...answers.writes.keys()].sort(),
        INTEGRATION_OPERATIONS.filter((op) => op.write && !op.actor)
          .map((op) => op.operationId)
          .sort(),
      );
      assert.deepEqual(await unaudited(app.context.db, answers.writes), [], 'every write is in the audit trail');
    });
  });

  describe('of the admin API', () => {
    let adminDoc: any;
    before(async () => {
      assert.equal((await app.request('GET', '/admin/api/openapi.json')).status, 401, 'behind the admin token like the rest');
      const reply = await app.request('GET', '/admin/api/openapi.json', { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
      assert.equal(reply.status, 200);
      adminDoc = reply.body;
    });

    it("is valid, lists every admin operation and passes Redocly's recommended rules", async () => {
      const result = await new Validator().validate(adminDoc);
      assert.equal(result.valid, true, JSON.stringify(result.errors, null, 1)?.slice(0, 2000));
      const documented = Object.values(adminDoc.paths).flatMap((ops: any) => Object.values(ops).map((op: any) => op.operationId));
      assert.deepEqual(documented.sort(), ADMIN_OPERATIONS.map((op) => op.operationId).sort());
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
      fs.writeFileSync(path.join(dir, 'admin.json'), JSON.stringify(adminDoc));
      const lint = await offline('@redocly/cli/bin/cli.js', ['lint', '--extends=recommended', '--format=json', 'admin.json'], dir);
      const report = JSON.parse(lint.stdout) as {
        totals: { errors: number; warnings: number };
        problems: Array<{ ruleId: string; message: string }>;
      };
      assert.deepEqual(
        { errors: report.totals.errors, warnings: report.totals.warnings },
        { errors: 0, warnings: 0 },
        report.problems.map((p) => `${p.ruleId}: ${p.message}`).join('\n'),
      );
    });

    it('gives every answer but an empty one a body schema, and types every operation in a generated client', async () => {
      const bodiless = Object.values(adminDoc.paths).flatMap((ops: any) =>
        Object.values(ops).flatMap((op: any) =>
          Object.entries(op.responses)
            .filter(([status, answer]: [string, any]) => status !== '204' && !answer.content)
            .map(([status]) => `${op.operationId} ${status}`),
        ),
      );
      assert.deepEqual(bodiless, []);
      await typesEveryOperation(adminDoc, [
        "const refund: operations['adminRefundPayment']['responses'][201]['content']['application/json']['kind'] = 'refund';",
        "// @ts-expect-error not a kind of payment\nconst gift: operations['adminRefundPayment']['responses'][201]['content']['application/json']['kind'] = 'gift';",
        "const engine: operations['adminGetStatus']['responses'][200]['content']['application/json']['databaseEngine'] = 'postgres';",
      ]);
    });

    it('matches what the server answers, for every operation, on success and on failure', async () => {
      const answers = answerChecker(adminDoc, '/admin/api');
      const receiver = await Receiver.start();
      const auth = { Authorization: `Bearer ${ADMIN_TOKEN}` };
      const call = async (method: string, template: string, path: string, body?: unknown, expect?: number) => {
        const reply = await app.request(method.toUpperCase(), `/admin/api${path}`, { body, headers: auth });
        answers.conforms(method, template, reply);
        if (expect !== undefined) assert.equal(reply.status, expect, `${method} ${path}: ${reply.text}`);
        return reply;
      };
      try {
        await call('get', '/status', '/status', undefined, 200);
        await call('get', '/reachability', '/reachability', undefined, 200);
        await call('post', '/reachability/check', '/reachability/check', undefined, 202);
        await call('get', '/deliveries/hourly', '/deliveries/hourly', undefined, 200);
        await call('get', '/deliveries/recent-failures', '/deliveries/recent-failures?limit=500', undefined, 400);
        await call('get', '/scopes', '/scopes', undefined, 200);
        await call('get', '/openapi.json', '/openapi.json', undefined, 200);

        // Businesses.
        const business = await call('post', '/businesses', '/businesses', { name: 'Documented', timezone: 'Europe/Berlin' }, 201);
        await call('post', '/businesses', '/businesses', { name: 'Atlantis', timezone: 'Europe/Atlantis' }, 400);
        await call('get', '/businesses', '/businesses', undefined, 200);
        const b = `/businesses/${business.body.id}`;
        const B = '/businesses/{businessId}';
        await call('get', B, b, undefined, 200);
        await call('get', B, '/businesses/424242', undefined, 404);
        await call('patch', B, b, { address: 'Main Street 1', phone: '+49 30 222' }, 200);

        // Services and staff.
        const service = await call('post', `${B}/services`, `${b}/services`, { name: 'Haircut', durationMinutes: 45, price: 3500 }, 201);
        const gone = await call('post', `${B}/services`, `${b}/services`, { name: 'Perm', durationMinutes: 60, price: 6000 }, 201);
        await call('get', `${B}/services`, `${b}/services`, undefined, 200);
        await call('get', `${B}/services/{id}`, `${b}/services/${service.body.id}`, undefined, 200);
        await call('patch', `${B}/services/{id}`, `${b}/services/${service.body.id}`, { bufferAfterMinutes: 15 }, 200);
        await call('delete', `${B}/services/{id}`, `${b}/services/${gone.body.id}`, undefined, 204);
        await call('get', `${B}/services/{id}`, `${b}/services/${gone.body.id}`, undefined, 404);
        const staff = await call(
          'post',
          `${B}/staff`,
          `${b}/staff`,
          { name: 'Anna', email: 'anna@documented.test', schedule: SCHEDULE, serviceIds: [service.body.id] },
          201,
        );
        const S = `${B}/staff/{id}`;
        const s = `${b}/staff/${staff.body.id}`;
        await call('get', `${B}/staff`, `${b}/staff`, undefined, 200);
        await call('get', S, s, undefined, 200);
        await call('patch', S, s, { title: 'Stylist' }, 200);
        await call('put', `${S}/schedule`, `${s}/schedule`, SCHEDULE, 200);
        await call('put', `${S}/services`, `${s}/services`, { serviceIds: [service.body.id] }, 200);
        await call('put', `${S}/services`, `${s}/services`, { serviceIds: [424242] }, 400);

        // Clients.
        const client = await call('post', `${B}/clients`, `${b}/clients`, { name: 'Ada Lovelace', email: 'ada@documented.test' }, 201);
        await call('post', `${B}/clients`, `${b}/clients`, { name: 'Ada Again', email: 'ADA@documented.test' }, 409);
        await call('get', `${B}/clients`, `${b}/clients?search=ada`, undefined, 200);
        await call('get', `${B}/clients/{id}`, `${b}/clients/${client.body.id}`, undefined, 200);
        await call('patch', `${B}/clients/{id}`, `${b}/clients/${client.body.id}`, { phone: '+49 30 333' }, 200);
        const form = await app.request('POST', `/admin/api${b}/clients`, {
          headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' },
          raw: 'name=x',
        });
        answers.conforms('post', `${B}/clients`, form);
        const huge = await app.request('POST', `/admin/api${b}/clients`, { headers: auth, body: { name: 'x'.repeat(1024 * 1024 + 1) } });
        answers.conforms('post', `${B}/clients`, huge);
        assert.deepEqual([form.status, huge.status], [415, 413]);

        // Keys; an integration key books a pending visit and registers a webhook.
        const key = await call('post', `${B}/keys`, `${b}/keys`, { name: 'CRM', scopes: ['bookings:write', 'webhooks:manage'] }, 201);
        const spare = await call('post', `${B}/keys`, `${b}/keys`, { name: 'Spare', scopes: ['business:read'] }, 201);
        await call('post', `${B}/keys`, `${b}/keys`, { name: 'No scopes', scopes: [] }, 400);
        await call('get', `${B}/keys`, `${b}/keys`, undefined, 200);
        await call('post', `${B}/keys/{id}/regenerate`, `${b}/keys/${key.body.id}/regenerate`, undefined, 200);
        await call('post', `${B}/keys/{id}/revoke`, `${b}/keys/${spare.body.id}/revoke`, undefined, 200);
        await call('post', `${B}/keys/{id}/regenerate`, `${b}/keys/${spare.body.id}/regenerate`, undefined, 409);
        const crm = (await app.request('GET', `/admin/api${b}/keys`, { headers: auth })).body.data.find((k: any) => k.id === key.body.id);
        assert.equal(crm.status, 'active');
        const crmKey = (await call('post', `${B}/keys/{id}/regenerate`, `${b}/keys/${key.body.id}/regenerate`, undefined, 200)).body.key;

        // Bookings: every transition, once on success and once refused.
        const at = (time: string) => `${MONDAY}T${time}:00+01:00`;
        const book = (time: string) =>
          call(
            'post',
            `${B}/bookings`,
            `${b}/bookings`,
            { serviceId: service.body.id, startTime: at(time), clientId: client.body.id },
            201,
          );
        const done = (await book('10:00')).body.id;
        const cancelled = (await book('11:00')).body.id;
        const moved = (await book('12:00')).body.id;
        const missed = (await book('15:00')).body.id;
        await call(
          'post',
          `${B}/bookings`,
          `${b}/bookings`,
          { serviceId: service.body.id, startTime: at('10:00'), clientId: client.body.id },
          409,
        );
        await call('post', `${B}/bookings`, `${b}/bookings`, { serviceId: service.body.id, startTime: at('10:00') }, 400);
        const pending = await app.request('POST', '/v1/integration/bookings', {
          key: crmKey,
          body: bookingBody(service.body.id, at('16:00')),
        });
        assert.equal(pending.status, 201, pending.text);
        const waiting = await call('get', `${B}/inbox`, `${b}/inbox`, undefined, 200);
        assert.equal(waiting.body.bookings.length, 1, 'a waiting booking to check');
        await call('get', `${B}/inbox`, '/businesses/424242/inbox', undefined, 404);
        const K = `${B}/bookings/{id}`;
        const k = (id: number) => `${b}/bookings/${id}`;
        // Bookings under another name with a known client's e-mail: the salon's two answers.
        const [same, other] = await Promise.all(
          ['09:00', '10:00'].map((time) =>
            app.request('POST', '/v1/integration/bookings', {
              key: crmKey,
              body: {
                serviceId: service.body.id,
                startTime: `2026-11-24T${time}:00+01:00`,
                client: { name: 'Someone Else', email: 'ADA@documented.test' },
              },
            }),
          ),
        );
        assert.deepEqual([same!.status, other!.status], [201, 201]);
        await call('post', `${K}/client-check/same-person`, `${k(same!.body.id)}/client-check/same-person`, undefined, 200);
        await call('post', `${K}/client-check/same-person`, `${k(same!.body.id)}/client-check/same-person`, undefined, 409);
        await call('post', `${K}/client-check/different-person`, `${k(other!.body.id)}/client-check/different-person`, undefined, 200);
        await call('post', `${K}/client-check/different-person`, `${k(other!.body.id)}/client-check/different-person`, undefined, 409);
        await call('get', `${B}/bookings`, `${b}/bookings`, undefined, 200);
        await call('get', `${B}/bookings`, `${b}/bookings?status=gone`, undefined, 400);
        await call('get', K, k(done), undefined, 200);
        await call('get', K, k(424242), undefined, 404);
        await call('post', `${K}/confirm`, `${k(pending.body.id)}/confirm`, undefined, 200);
        await call('post', `${K}/confirm`, `${k(pending.body.id)}/confirm`, undefined, 409);
        await call('post', `${K}/cancel`, `${k(cancelled)}/cancel`, { reason: 'ill' }, 200);
        await call('post', `${K}/cancel`, `${k(cancelled)}/cancel`, undefined, 409);
        await call('post', `${K}/reschedule`, `${k(moved)}/reschedule`, { startTime: at('14:00') }, 200);
        await call('post', `${K}/reschedule`, `${k(cancelled)}/reschedule`, { startTime: at('14:00') }, 409);
        await call('post', `${K}/complete`, `${k(done)}/complete`, undefined, 409);
        await call('get', `${K}/events`, `${k(moved)}/events`, undefined, 200);
        await call('post', `${B}/payments`, `${b}/payments`, { bookingId: cancelled, amount: 1000, method: 'cash' }, 409);

        // Holds: what keys hold now, and letting one go.
        const held = await app.request('POST', '/v1/integration/slots/holds', {
          key: crmKey,
          body: { serviceId: service.body.id, startTime: at('17:00') },
        });
        assert.equal(held.status, 201, held.text);
        await call('get', `${B}/holds`, `${b}/holds`, undefined, 200);
        const overHold = { serviceId: service.body.id, startTime: at('17:00'), clientId: client.body.id };
        assert.equal((await call('post', `${B}/bookings`, `${b}/bookings`, overHold, 409)).body.code, 'slot_held');
        await call('delete', `${B}/holds/{id}`, `${b}/holds/${held.body.id}`, undefined, 204);
        await call('delete', `${B}/holds/{id}`, `${b}/holds/${held.body.id}`, undefined, 404);

        // Time off and closures, over the booked Monday: the answers list the bookings they overlap.
        const T = `${S}/time-off`.replace('{id}', '{staffId}');
        const t = `${s}/time-off`;
        const off = await call('post', T, t, { allDay: true, startDate: MONDAY, note: 'Training' }, 201);
        assert.ok(off.body.overlappingBookings.length > 0);
        await call('post', T, t, { startTime: at('09:00') }, 400);
        await call('get', T, t, undefined, 200);
        await call('get', `${T}/{id}`, `${t}/${off.body.id}`, undefined, 200);
        await call('patch', `${T}/{id}`, `${t}/${off.body.id}`, { startTime: at('09:00'), endTime: at('12:00') }, 200);
        await call('delete', `${T}/{id}`, `${t}/${off.body.id}`, undefined, 204);
        await call('get', `${T}/{id}`, `${t}/${off.body.id}`, undefined, 404);
        const closed = await call('post', `${B}/closures`, `${b}/closures`, { startDate: MONDAY }, 201);
        assert.ok(closed.body.overlappingBookings.length > 0);
        await call('post', `${B}/closures`, `${b}/closures`, { startDate: MONDAY, endDate: '2026-11-01' }, 400);
        await call('get', `${B}/closures`, `${b}/closures`, undefined, 200);
        await call('get', `${B}/closures/{id}`, `${b}/closures/${closed.body.id}`, undefined, 200);
        await call('patch', `${B}/closures/{id}`, `${b}/closures/${closed.body.id}`, { note: 'Holiday' }, 200);
        await call('delete', `${B}/closures/{id}`, `${b}/closures/${closed.body.id}`, undefined, 204);

        // Calendar feeds.
        const feed = await call('post', `${B}/calendar-feeds`, `${b}/calendar-feeds`, { staffId: staff.body.id }, 201);
        await call('post', `${B}/calendar-feeds`, `${b}/calendar-feeds`, undefined, 201);
        await call('post', `${B}/calendar-feeds`, `${b}/calendar-feeds`, { staffId: 424242 }, 404);
        await call('get', `${B}/calendar-feeds`, `${b}/calendar-feeds`, undefined, 200);
        await call('post', `${B}/calendar-feeds/{id}/revoke`, `${b}/calendar-feeds/${feed.body.id}/revoke`, undefined, 200);

        // E-mail to clients: the salon's mail server, a test e-mail, an address that works again.
        const smtp = await SmtpReceiver.start();
        try {
          await call('get', `${B}/mail`, `${b}/mail`, undefined, 200);
          await call(
            'put',
            `${B}/mail`,
            `${b}/mail`,
            { host: '127.0.0.1', port: smtp.port, tls: 'none', fromAddress: 'hi@documented.test' },
            200,
          );
          await call('put', `${B}/mail`, `${b}/mail`, { host: '127.0.0.1', port: 0, tls: 'none' }, 400);
          assert.equal((await call('post', `${B}/mail/test`, `${b}/mail/test`, { to: 'ada@documented.test' }, 200)).body.sent, true);
          await call('post', `${B}/mail/test`, `${b}/mail/test`, { to: 'not an address' }, 400);
          await call('delete', `${B}/mail`, `${b}/mail`, undefined, 204);
          await call('delete', `${B}/mail`, `${b}/mail`, undefined, 404);
        } finally {
          await smtp.close();
        }
        await call('post', `${B}/clients/{id}/email-works`, `${b}/clients/${client.body.id}/email-works`, undefined, 200);
        const phoneOnly = await call('post', `${B}/clients`, `${b}/clients`, { name: 'Phone Only', phone: '+49 30 444' }, 201);
        await call('post', `${B}/clients/{id}/email-works`, `${b}/clients/${phoneOnly.body.id}/email-works`, undefined, 409);
        await call('get', `${B}/clients/{id}/export`, `${b}/clients/${client.body.id}/export`, undefined, 200);
        await call('get', `${B}/clients/{id}/export`, `${b}/clients/999999/export`, undefined, 404);
        await call('post', `${B}/clients/{id}/erase`, `${b}/clients/${client.body.id}/erase`, undefined, 409);
        await call('post', `${B}/clients/{id}/erase`, `${b}/clients/${phoneOnly.body.id}/erase`, undefined, 200);
        await call('post', `${B}/clients/{id}/erase`, `${b}/clients/999999/erase`, undefined, 404);
        // The booking page.
        const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
        await call('get', `${B}/booking-page`, `${b}/booking-page`, undefined, 200);
        await call('patch', `${B}/booking-page`, `${b}/booking-page`, { locale: 'de-DE', confirmNewClients: true }, 200);
        await call('patch', `${B}/booking-page`, `${b}/booking-page`, { slug: '-no-' }, 400);
        await admin(app, 'POST', '/businesses', { name: 'Taken Name', timezone: 'Europe/Berlin' }, 201);
        await call('patch', `${B}/booking-page`, `${b}/booking-page`, { slug: 'taken-name' }, 409);
        await call('put', `${B}/booking-page/logo`, `${b}/booking-page/logo`, { image: `data:image/png;base64,${png}` }, 200);
        await call('put', `${B}/booking-page/logo`, `${b}/booking-page/logo`, { image: `data:image/webp;base64,${png}` }, 400);
        await call('delete', `${B}/booking-page/logo`, `${b}/booking-page/logo`, undefined, 200);

        // Backups: none yet, one now, the settings (a folder that is not there is refused).
        await call('get', '/backups', '/backups', undefined, 200);
        await call('post', '/backups', '/backups', undefined, 200);
        await call('put', '/backups/settings', '/backups/settings', { codeWrittenDown: true }, 200);
        await call('put', '/backups/settings', '/backups/settings', { folder: '/no/such/folder' }, 400);
        await call('get', '/backups', '/backups', undefined, 200);

        // Webhooks: every one of the business, one that answers and then fails, so failures are listed.
        const webhook = await app.request('POST', '/v1/integration/webhooks', {
          key: crmKey,
          body: { targetUrl: receiver.url(), events: ['booking.created'] },
        });
        assert.equal(webhook.status, 201, webhook.text);
        const W = `${B}/webhooks/{id}`;
        const w = `${b}/webhooks/${webhook.body.id}`;
        await call('get', `${B}/webhooks`, `${b}/webhooks`, undefined, 200);
        await call('get', W, w, undefined, 200);
        await call('patch', W, w, { description: 'CRM' }, 200);
        await call('patch', W, w, { events: [] }, 400);
        await call('post', `${W}/rotate-secret`, `${w}/rotate-secret`, undefined, 200);
        await call('post', `${W}/rotate-secret`, `${w}/rotate-secret`, { gracePeriodSeconds: 60 }, 200);
        await call('post', `${W}/expire-previous-secrets`, `${w}/expire-previous-secrets`, undefined, 200);
        await call('patch', W, w, { headers: { 'X-Salon': 'documented-salon-0001' } }, 200);
        await call('patch', W, w, { headers: { 'X-Webhook-Event': 'x' } }, 400);
        const ping = await call('post', `${W}/ping`, `${w}/ping`, undefined, 200);
        assert.equal(ping.body.success, true);
        receiver.handle(() => ({ status: 500, body: 'down' }));
        assert.equal((await call('post', `${W}/ping`, `${w}/ping`, undefined, 200)).body.success, false);
        await call('get', `${W}/deliveries`, `${w}/deliveries`, undefined, 200);
        await call('get', `${W}/deliveries`, `${w}/deliveries?status=failed&event=webhook.ping`, undefined, 200);
        await call('post', `${W}/deliveries/{deliveryId}/retry`, `${w}/deliveries/${ping.body.deliveryId}/retry`, undefined, 202);
        await call('post', `${W}/deliveries/{deliveryId}/retry`, `${w}/deliveries/whdel_nothing/retry`, undefined, 404);
        await eventually(async () =>
          (await app.history(crmKey, webhook.body.id)).every((a) => a.deliveryStatus !== 'pending') ? true : undefined,
        );
        await call('get', `${W}/deliveries/{deliveryId}`, `${w}/deliveries/${ping.body.deliveryId}`, undefined, 200);
        await call('get', `${W}/deliveries/{deliveryId}`, `${w}/deliveries/whdel_nothing`, undefined, 404);
        await call('get', `${W}/stats`, `${w}/stats`, undefined, 200);
        const since = new Date(clock.now() - 3_600_000).toISOString();
        const recovery = await call('post', `${W}/recover`, `${w}/recover`, { since }, 202);
        await call('post', `${W}/recover`, `${w}/recover`, { since: new Date(clock.now() + 60_000).toISOString() }, 400);
        await call('get', `${W}/recoveries/{recoveryId}`, `${w}/recoveries/${recovery.body.id}`, undefined, 200);
        await call('get', `${W}/recoveries/{recoveryId}`, `${w}/recoveries/424242`, undefined, 404);
        // Switched off after its failures: the salon is told, until it leaves it off.
        await call('get', `${B}/webhooks/switched-off`, `${b}/webhooks/switched-off`, undefined, 200);
        await call('post', `${W}/leave-switched-off`, `${w}/leave-switched-off`, undefined, 409);
        await app.context.db
          .updateTable('webhooks')
          .set({ status: 'failed', disabled_at: clock.now() })
          .where('id', '=', webhook.body.id)
          .execute();
        const switchedOff = await call('get', `${B}/webhooks/switched-off`, `${b}/webhooks/switched-off`, undefined, 200);
        assert.equal(switchedOff.body.data.length, 1);
        assert.equal((await call('get', `${B}/inbox`, `${b}/inbox`, undefined, 200)).body.switchedOff.length, 1);
        await call('post', `${W}/recover`, `${w}/recover`, { since }, 409);
        await call('post', `${W}/leave-switched-off`, `${w}/leave-switched-off`, undefined, 200);
        const failures = await call('get', '/deliveries/recent-failures', `/deliveries/recent-failures?businessId=${business.body.id}`);
        assert.ok(failures.body.data.length > 0, 'a failure to check');
        await call('get', '/deliveries/hourly', '/deliveries/hourly', undefined, 200);
        await call('get', '/status', '/status', undefined, 200);
        await call('delete', W, w, undefined, 204);
        await call('get', W, w, undefined, 404);

        // After the visits' start: complete, no-show, then a review and payments of the completed one.
        clock.set(Date.parse(`${MONDAY}T17:00:00Z`));
        await call('post', `${K}/complete`, `${k(done)}/complete`, undefined, 200);
        await call('post', `${K}/no-show`, `${k(missed)}/no-show`, undefined, 200);
        await call('post', `${K}/no-show`, `${k(missed)}/no-show`, undefined, 409);
        await call('post', `${B}/reviews`, `${b}/reviews`, { rating: 5, comment: 'Lovely', bookingId: done }, 201);
        await call('post', `${B}/reviews`, `${b}/reviews`, { rating: 4, bookingId: done }, 409);
        await call('post', `${B}/reviews`, `${b}/reviews`, { rating: 4, bookingId: 424242 }, 404);
        await call('post', `${B}/reviews`, `${b}/reviews`, { rating: 6 }, 400);
        await call('get', `${B}/reviews`, `${b}/reviews`, undefined, 200);
        const paid = await call('post', `${B}/payments`, `${b}/payments`, { bookingId: done, amount: 3500, method: 'card' }, 201);
        await call('post', `${B}/payments`, `${b}/payments`, { bookingId: 424242, amount: 3500, method: 'card' }, 404);
        const P = `${B}/payments/{id}/refund`;
        await call('post', P, `${b}/payments/${paid.body.id}/refund`, { amount: 500, reason: 'late' }, 201);
        await call('post', P, `${b}/payments/${paid.body.id}/refund`, { amount: 5000 }, 409);
        await call('get', `${B}/payments`, `${b}/payments?bookingId=${done}`, undefined, 200);
        await call('get', `${B}/report`, `${b}/report?from=2026-11-01&to=2026-11-30`, undefined, 200);
        const rows = [{ name: 'Imported Client', email: 'imported@example.com' }, { name: '' }];
        await call('post', `${B}/clients/import`, `${b}/clients/import`, { rows }, 200);
        await call('post', `${B}/clients/import`, `${b}/clients/import`, { rows, apply: true }, 200);
        await call('post', `${B}/clients/import`, `${b}/clients/import`, { rows: [] }, 400);
        await call('get', `${B}/report`, `${b}/report?from=2026-11-30&to=2026-11-01`, undefined, 400);

        // Who did what: the audit trail, a page of it and its CSV.
        const audit = await call('get', `${B}/audit`, `${b}/audit?actorKind=office&limit=5&page=2`, undefined, 200);
        assert.equal(audit.body.data.length, 5);
        await call('get', `${B}/audit`, `${b}/audit?from=2026-11-31`, undefined, 400);
        const csv = await call('get', `${B}/audit.csv`, `${b}/audit.csv?targetKind=booking`, undefined, 200);
        assert.match(csv.text, /^time,who,/);
        await call('get', `${B}/audit.csv`, `${b}/audit.csv?actorKind=nobody`, undefined, 400);

        // People: an invitation and its link, signing in and out, sessions, a password, the owner's changes.
        const olga = { name: 'Olga', email: 'olga@documented.test', role: 'front_desk' };
        const invited = await call('post', '/users', '/users', olga, 201);
        await call('post', '/users', '/users', olga, 409);
        await call('get', '/users', '/users', undefined, 200);
        const person = async (method: string, template: string, path: string, body: unknown, expect: number, cookie?: string) => {
          const headers: Record<string, string> = { Origin: app.url, ...(cookie ? { Cookie: cookie } : {}) };
          const reply = await app.request(method.toUpperCase(), `/admin/api${path}`, { body, headers });
          answers.conforms(method, template, reply);
          assert.equal(reply.status, expect, `${method} ${path}: ${reply.text}`);
          return reply;
        };
        assert.deepEqual((await person('post', '/session/status', '/session/status', undefined, 200)).body, { accounts: false });
        const link = invited.body.link.split('#welcome/')[1];
        const check = '/session/link/check';
        assert.deepEqual((await person('post', check, check, { link }, 200)).body, { usable: true });
        await person('post', '/session/link', '/session/link', { link, password: 'too short' }, 400);
        const cookie = sessionCookieOf(await person('post', '/session/link', '/session/link', { link, password: GOOD_PASSWORD }, 200))!;
        await person('post', '/session/link', '/session/link', { link, password: GOOD_PASSWORD }, 410);
        assert.deepEqual((await person('post', check, check, { link }, 200)).body, { usable: false });
        await person('post', check, check, {}, 400);
        await person('get', '/session', '/session', undefined, 200, cookie);
        assert.deepEqual((await person('post', '/session/status', '/session/status', undefined, 200)).body, { accounts: true });
        // Passkeys: one made in this process (test/helpers/software-passkey.ts), at the page's name.
        const byName = app.url.replace('127.0.0.1', 'localhost');
        const named = async (method: string, template: string, path: string, body: unknown, expect: number, withCookie?: string) => {
          const headers: Record<string, string> = { Origin: byName, ...(withCookie ? { Cookie: withCookie } : {}) };
          const reply = await requestAt(byName, method.toUpperCase(), `/admin/api${path}`, { body, headers });
          answers.conforms(method, template, reply);
          assert.equal(reply.status, expect, `${method} ${path}: ${reply.text}`);
          return reply;
        };
        await person('post', '/session/passkeys/options', '/session/passkeys/options', undefined, 409, cookie);
        const device = new SoftwarePasskey(byName);
        const made = (await named('post', '/session/passkeys/options', '/session/passkeys/options', undefined, 200, cookie)).body;
        const keep = (name?: string, password = GOOD_PASSWORD) => ({
          challengeId: made.challengeId,
          response: device.register(made.options),
          password,
          name,
        });
        const passkey = await named('post', '/session/passkeys', '/session/passkeys', keep('Test device'), 201, cookie);
        await named('post', '/session/passkeys', '/session/passkeys', keep(), 400, cookie);
        await named('get', '/session/passkeys', '/session/passkeys', undefined, 200, cookie);
        const asked = (await named('post', '/session/passkey/options', '/session/passkey/options', undefined, 200)).body;
        const answer = () => ({ challengeId: asked.challengeId, response: device.authenticate(asked.options) });
        await named('post', '/session/passkey', '/session/passkey', answer(), 200);
        await named('post', '/session/passkey', '/session/passkey', answer(), 401);
        await named('delete', '/session/passkeys/{id}', `/session/passkeys/${passkey.body.id}`, undefined, 204, cookie);
        await named('delete', '/session/passkeys/{id}', `/session/passkeys/${passkey.body.id}`, undefined, 404, cookie);
        const newPassword = 'another long passphrase';
        await person('put', '/session/password', '/session/password', { currentPassword: GOOD_PASSWORD, newPassword }, 204, cookie);
        await person('post', '/session', '/session', { email: olga.email, password: GOOD_PASSWORD }, 401);
        const second = sessionCookieOf(await person('post', '/session', '/session', { email: olga.email, password: newPassword }, 200))!;
        const sessions = await person('get', '/session/sessions', '/session/sessions', undefined, 200, cookie);
        const otherId = sessions.body.data.find((one: any) => !one.current).id;
        await person('delete', '/session/sessions/{id}', `/session/sessions/${otherId}`, undefined, 204, cookie);
        await person('delete', '/session/sessions/{id}', '/session/sessions/424242', undefined, 404, cookie);
        await person('get', '/session', '/session', undefined, 401, second);
        await person('post', `${B}/keys`, `${b}/keys`, { name: 'Desk key', scopes: ['business:read'] }, 403, cookie);
        await person('delete', '/session', '/session', undefined, 204, cookie);
        const U = '/users/{id}';
        const u = `/users/${invited.body.user.id}`;
        await call('patch', U, u, { role: 'stylist' }, 400);
        await call('patch', U, u, { name: 'Olga B.' }, 200);
        await call('patch', U, '/users/424242', { name: 'Nobody' }, 404);
        await call('post', `${U}/link`, `${u}/link`, undefined, 200);
        await call('post', `${U}/end-sessions`, `${u}/end-sessions`, undefined, 200);
        await call('get', `${U}/history`, `${u}/history?limit=5`, undefined, 200);
        await call('get', `${U}/history`, `${u}/history?page=0`, undefined, 400);
        await call('get', `${U}/history`, '/users/424242/history', undefined, 404);

        // The guard: no token, then a wrong one until the address is throttled.
        answers.conforms('get', '/status', await app.request('GET', '/admin/api/status'));
        let wrong: Answered | undefined;
        for (let i = 0; i < 20 && wrong?.status !== 429; i++) {
          wrong = await app.request('GET', '/admin/api/status', { headers: { Authorization: 'Bearer wrong-token-0000000000' } });
          answers.conforms('get', '/status', wrong);
        }
        assert.equal(wrong?.status, 429);
      } finally {
        clock.set(TEST_NOW);
        await receiver.close();
      }
      const all = ADMIN_OPERATIONS.map((op) => op.operationId).sort();
      assert.deepEqual([...answers.succeeded].sort(), all, 'every admin operation answered its success');
      assert.deepEqual(
        [...answers.succeededWithBody].sort(),
        ADMIN_OPERATIONS.filter((op) => op.success.schema)
          .map((op) => op.operationId)
          .sort(),
        'and every success with a body was checked',
      );
      assert.ok(answers.checked > answers.succeededWithBody.size, `${answers.checked} answers checked`);
      console.log(answers.checked);
      assert.deepEqual(await unaudited(app.context.db, answers.writes), [], 'every write is in the audit trail');
    });

    it('gives GET /healthz (in no document) the body its operation declares', async () => {
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      ajv.addSchema(defsSchema).addSchema(responsesSchema);
      const reply = await app.request('GET', '/healthz');
      assert.equal(reply.status, 200);
      const validate = ajv.getSchema(`responses#/$defs/${HEALTH_OPERATIONS[0]!.success.schema}`)!;
      assert.ok(validate(reply.body), ajv.errorsText(validate.errors));
    });

    it('gives GET /.well-known/booking-api (in no document) the body its operation declares', async () => {
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      ajv.addSchema(defsSchema).addSchema(responsesSchema);
      const reply = await app.request('GET', '/.well-known/booking-api');
      assert.equal(reply.status, 200);
      const validate = ajv.getSchema(`responses#/$defs/${IDENTITY_OPERATIONS[0]!.success.schema}`)!;
      assert.ok(validate(reply.body), ajv.errorsText(validate.errors));
    });
  });

  describe("of the booking page's endpoints", () => {
    let pageDoc: any;
    before(async () => {
      const reply = await app.request('GET', '/v1/booking-page/openapi.json');
      assert.equal(reply.status, 200, 'public, like the page');
      pageDoc = reply.body;
    });

    it("is valid, lists every operation, passes Redocly's recommended rules, and types in a generated client", async () => {
      const result = await new Validator().validate(pageDoc);
      assert.equal(result.valid, true, JSON.stringify(result.errors, null, 1)?.slice(0, 2000));
      const documented = Object.values(pageDoc.paths).flatMap((ops: any) => Object.values(ops).map((op: any) => op.operationId));
      assert.deepEqual(
        documented.sort(),
        BOOKING_PAGE_OPERATIONS.filter((op) => !op.public)
          .map((op) => op.operationId)
          .sort(),
      );
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
      fs.writeFileSync(path.join(dir, 'page.json'), JSON.stringify(pageDoc));
      const lint = await offline('@redocly/cli/bin/cli.js', ['lint', '--extends=recommended', '--format=json', 'page.json'], dir);
      const report = JSON.parse(lint.stdout) as {
        totals: { errors: number; warnings: number };
        problems: Array<{ ruleId: string; message: string }>;
      };
      assert.deepEqual(
        { errors: report.totals.errors, warnings: report.totals.warnings },
        { errors: 0, warnings: 0 },
        report.problems.map((p) => `${p.ruleId}: ${p.message}`).join('\n'),
      );
      await typesEveryOperation(pageDoc, []);
    });

    it('matches what the server answers, for every operation, on success and on failure', async () => {
      const answers = answerChecker(pageDoc, '/v1/booking-page');
      const salon = (await app.request('GET', '/v1/booking-page/salon')).body;
      const haircut = salon.services.find((s: { name: string }) => s.name === 'Haircut').id;
      const call = async (method: string, template: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
        const reply = await app.request(method.toUpperCase(), `/v1/booking-page${path}`, { body, headers });
        answers.conforms(method, template, reply);
        return reply;
      };
      await call('get', '/{page}', '/salon');
      await call('get', '/{page}', '/no-such-page');
      await call('get', '/{page}', '/salon', undefined, { Origin: 'https://evil.example' });
      const slots = await call('get', '/{page}/slots', `/salon/slots?serviceId=${haircut}&from=2026-12-01&to=2026-12-07`);
      await call('get', '/{page}/slots', '/salon/slots?serviceId=1&date=soon');
      const startTime = slots.body.data[0].startTime;
      const held = await call('post', '/{page}/holds', '/salon/holds', { serviceIds: [haircut], startTime });
      const taken = await call('post', '/{page}/holds', '/salon/holds', { serviceIds: [haircut], staffId: held.body.staffId, startTime });
      assert.equal(taken.status, 409);
      await call('post', '/{page}/holds', '/salon/holds', { serviceIds: [] });
      const booked = await call('post', '/{page}/bookings', '/salon/bookings', {
        holdToken: held.body.token,
        client: { name: 'Olga Openapi', email: 'olga@example.com' },
      });
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      await call('post', '/{page}/bookings', '/salon/bookings', {
        holdToken: held.body.token,
        client: { name: 'Olga', email: 'olga@example.com' },
      });
      await call('post', '/{page}/bookings', '/salon/bookings', { holdToken: 'nope', client: { name: 'Olga' } });
      const again = await call('post', '/{page}/holds', '/salon/holds', { serviceIds: [haircut], startTime: slots.body.data[1].startTime });
      assert.equal(again.status, 201, JSON.stringify(again.body));
      await call('post', '/{page}/holds/release', '/salon/holds/release', { holdToken: again.body.token });
      await call('post', '/{page}/holds/release', '/salon/holds/release', { holdToken: again.body.token });
      const all = BOOKING_PAGE_OPERATIONS.filter((op) => !op.public).map((op) => op.operationId);
      assert.deepEqual([...answers.succeeded].sort(), all.sort(), 'every operation answered its success');
      assert.deepEqual(await unaudited(app.context.db, answers.writes), [], 'every write is in the audit trail');
    });
  });
});
