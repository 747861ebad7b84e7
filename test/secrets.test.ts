import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { sha256Hex } from '../src/ids.ts';
import { ALL_SCOPES, TestApp, type Reply } from './helpers/app.ts';
import { captureLogs } from './helpers/log-capture.ts';
import { fillPath, routeTable } from './helpers/routes.ts';
import { SCHEDULE } from './helpers/salon.ts';
import { NOWHERE } from './helpers/receiver.ts';

/** Every file under `dir`, with its bytes (the database, -wal, -shm, server.lock, anything else). */
function filesUnder(dir: string): Array<[string, Buffer]> {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return [path.relative(dir, file), fs.readFileSync(file)];
    });
}

/** The secret itself and what could be derived from it without the hash: any 10 characters of its random part, its bytes in hex and base64. */
function telltales(secret: string): string[] {
  const random = secret.replace(/^bk_(live|admin)_/, '');
  const windows = Array.from({ length: random.length - 9 }, (_, i) => random.slice(i, i + 10));
  return [secret, ...windows, Buffer.from(secret).toString('hex'), Buffer.from(secret).toString('base64')];
}

function assertNoLeak(where: string, haystack: Buffer | string, secrets: Record<string, string>, alsoHashes: boolean): void {
  for (const [name, secret] of Object.entries(secrets)) {
    const needles = alsoHashes ? [...telltales(secret), sha256Hex(secret)] : telltales(secret);
    for (const needle of needles) {
      assert.equal(
        haystack.includes(needle),
        false,
        `${where} holds ${needle === secret ? '' : 'part of or something derived from '}${name}`,
      );
    }
  }
}

describe('API key values and the admin token stay secret', () => {
  it('appear nowhere in the data dir, the logs, or any answer after the one that created them', async (test) => {
    const logs = captureLogs('debug');
    let adminToken = '';
    const app = await TestApp.start({
      config: { adminToken: undefined, logLevel: 'debug' },
      logger: logs.logger,
      onAdminTokenCreated: (token) => (adminToken = token),
    });
    const secrets: Record<string, string> = {};
    const answers: Array<[string, Reply]> = [];
    const asAdmin = { Authorization: `Bearer ${adminToken}` };
    const call = async (method: string, url: string, headers: Record<string, string>, body?: unknown) => {
      const reply = await app.request(method, url, { headers, body });
      answers.push([`${method} ${url}`, reply]);
      return reply;
    };
    try {
      assert.match(adminToken, /^bk_admin_[A-Za-z0-9_-]{43}$/, 'the server generated an admin token');
      secrets['the admin token'] = adminToken;

      // Creation answers are the one place a value may be shown; they are set aside, not swept.
      const business = await app.request('POST', '/admin/api/businesses', {
        headers: asAdmin,
        body: { name: 'Secret Salon', timezone: 'Europe/Berlin' },
      });
      const base = `/admin/api/businesses/${business.body.id}`;
      const service = await app.request('POST', `${base}/services`, {
        headers: asAdmin,
        body: { name: 'Cut', durationMinutes: 30, price: 100 },
      });
      await app.request('POST', `${base}/staff`, {
        headers: asAdmin,
        body: { name: 'Kim', schedule: SCHEDULE, serviceIds: [service.body.id] },
      });
      const scopes = ALL_SCOPES;
      const first = await app.request('POST', `${base}/keys`, { headers: asAdmin, body: { name: 'crm', scopes } });
      const second = await app.request('POST', `${base}/keys`, {
        headers: asAdmin,
        body: { name: 'widget', scopes: ['services:read'], allowedOrigins: ['shop.example.com'] },
      });
      const before = second.body.key as string;
      const regenerated = await app.request('POST', `${base}/keys/${second.body.id}/regenerate`, { headers: asAdmin });
      Object.assign(secrets, {
        'the CRM key': first.body.key,
        'the widget key before regeneration': before,
        'the regenerated widget key': regenerated.body.key,
      });
      assert.equal(Object.values(secrets).filter((s) => /^bk_(live|admin)_/.test(s)).length, 4);

      // Use every secret the ways clients do, right and wrong.
      const key = first.body.key as string;
      const hook = await call(
        'POST',
        '/v1/integration/webhooks',
        { 'X-API-Key': key },
        { targetUrl: `${NOWHERE}/hook`, events: ['booking.created'] },
      );
      assert.equal(hook.status, 201);
      await call('GET', '/v1/integration/services', { Authorization: `Bearer ${key}` });
      await call('GET', `/v1/integration/services?api_key=${key}`, { 'X-API-Key': key });
      await call('GET', '/v1/integration/services', { 'X-API-Key': `${key}x` });
      await call('GET', '/v1/integration/services', { 'X-API-Key': before });
      await call('GET', '/v1/integration/services', { 'X-API-Key': regenerated.body.key, Origin: 'https://evil.example' });
      await call('GET', '/admin/api/status', { Authorization: `Bearer ${adminToken}x` });
      await call('GET', '/admin/api/status', { Authorization: adminToken });

      // Every readable route afterwards, with full rights.
      const params = { businessId: business.body.id, id: 1, deliveryId: 'whdel_none' };
      for (const route of routeTable(app).filter((r) => r.method === 'GET')) {
        const headers: Record<string, string> = route.api === 'admin' ? asAdmin : { 'X-API-Key': key };
        const reply = await call('GET', fillPath(route.path, params), headers);
        assert.ok(reply.status < 500, `${route.path}: ${reply.status}`);
      }
      await call('GET', '/healthz', {});
      assert.ok(answers.length > 40, `${answers.length} answers swept`);
      assert.ok(answers.filter(([, r]) => r.status === 200).length > 30, 'most of them real answers, not refusals');

      for (const [what, reply] of answers) {
        assertNoLeak(`the answer to ${what}`, reply.text + JSON.stringify([...reply.headers]), secrets, true);
      }
      for (const [file, bytes] of filesUnder(app.dataDir)) assertNoLeak(`${file} (server running)`, bytes, secrets, false);
    } finally {
      await app.stop();
    }

    const files = filesUnder(app.dataDir);
    assert.ok(
      files.some(([file]) => file === 'booking.db'),
      files.map(([f]) => f).join(', '),
    );
    for (const [file, bytes] of files) assertNoLeak(`${file} (after stop)`, bytes, secrets, false);
    const db = fs.readFileSync(path.join(app.dataDir, 'booking.db'));
    assert.ok(db.includes(sha256Hex(secrets['the CRM key']!)), 'the check is real: the key hash is found in the same bytes');

    const logText = logs.text();
    assert.ok(logs.entries().length > answers.length, `${logs.entries().length} log lines`);
    assert.match(logText, /wrong admin token/);
    assertNoLeak('the log', logText, secrets, true);
    test.diagnostic(
      `${Object.keys(secrets).length} secrets; ${answers.length} answers, ${files.length} files (${files.map(([f]) => f).join(', ')}) and ${logs.entries().length} log lines searched`,
    );
  });
});
