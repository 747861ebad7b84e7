import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { ADMIN_TOKEN, TestApp, tempDataDir, tempSecretsKeyFile, type TestAppOptions } from './helpers/app.ts';
import { TestCa } from './helpers/certificates.ts';
import { TestClock } from './helpers/clock.ts';
import { fakeLookup } from './helpers/dns.ts';
import { captureLogs } from './helpers/log-capture.ts';
import { freshTestDatabase, testingOnPostgres } from './helpers/postgres.ts';
import { eventually } from './helpers/wait.ts';

const auth = { Authorization: `Bearer ${ADMIN_TOKEN}` };

/** A plain server on 127.0.0.1 that counts what it is asked and answers with `handle`. */
async function otherServer(handle: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A free port on 127.0.0.1, for a server whose public address must be known before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const apps: TestApp[] = [];
after(() => Promise.all(apps.map((app) => app.stop())));

async function start(options: TestAppOptions): Promise<TestApp> {
  const app = await TestApp.start(options);
  apps.push(app);
  return app;
}

/** Settings' answer once no check is under way any more. */
function settled(app: TestApp): Promise<any> {
  return eventually(
    async () => {
      const reply = await app.request('GET', '/admin/api/reachability', { headers: auth });
      assert.equal(reply.status, 200, reply.text);
      return reply.body.checking || reply.body.status === 'unknown' ? undefined : reply.body;
    },
    10_000,
    'the check to finish',
  );
}

describe('GET /.well-known/booking-api: who answers here', () => {
  it('answers the installation id, the same after a restart and nothing else about the server', async () => {
    const dataDir = tempDataDir();
    const first = await TestApp.start({ dataDir });
    const answer = await first.request('GET', '/.well-known/booking-api');
    await first.stop();
    assert.equal(answer.status, 200);
    assert.deepEqual(Object.keys(answer.body).sort(), ['instance', 'service']);
    assert.equal(answer.body.service, 'booking-api');
    assert.match(answer.body.instance, /^inst_[A-Za-z0-9_-]{22}$/);
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    const again = await start({ dataDir });
    assert.equal((await again.request('GET', '/.well-known/booking-api')).body.instance, answer.body.instance);
    const other = await start({});
    assert.notEqual((await other.request('GET', '/.well-known/booking-api')).body.instance, answer.body.instance);
  });

  it('answers the same on every instance sharing one PostgreSQL database', {
    skip: !testingOnPostgres() && 'runs in the PostgreSQL leg of npm test',
  }, async () => {
    const shared = { databaseUrl: await freshTestDatabase(), secretsKeyFile: tempSecretsKeyFile() };
    const [one, two] = await Promise.all([start({ config: shared }), start({ config: shared })]);
    const [a, b] = await Promise.all([one!, two!].map((app) => app.request('GET', '/.well-known/booking-api')));
    assert.equal(a!.body.instance, b!.body.instance);
  });
});

describe('Settings: is the booking page reachable at the public address (GET /admin/api/reachability)', () => {
  it('says there is nothing to check without BOOKING_PUBLIC_URL', async () => {
    const app = await start({});
    const reply = await app.request('GET', '/admin/api/reachability', { headers: auth });
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body, { publicUrl: null, status: 'unset', detail: null, checking: false, checkedAt: null });
  });

  it('finds this server at its public address, by name, and logs it', async () => {
    const port = await freePort();
    const logs = captureLogs('info');
    const clock = new TestClock();
    const app = await start({
      config: { port, publicUrl: `http://booking.salon.test:${port}` },
      lookup: fakeLookup({ 'booking.salon.test': () => '127.0.0.1' }),
      reachability: { allowLoopback: true },
      logger: logs.logger,
      clock,
    });
    const body = await settled(app);
    assert.deepEqual(body, {
      publicUrl: `http://booking.salon.test:${port}`,
      status: 'reachable',
      detail: null,
      checking: false,
      checkedAt: new Date(clock.now()).toISOString(),
    });
    assert.ok(logs.entries().some((entry) => entry.msg === 'the public address reaches this server'));
    // Within a minute Settings gets the same answer without a new check; after it, one starts.
    clock.advance(30_000);
    assert.equal((await app.request('GET', '/admin/api/reachability', { headers: auth })).body.checking, false);
    clock.advance(31_000);
    assert.equal((await app.request('GET', '/admin/api/reachability', { headers: auth })).body.checking, true);
    const again = await app.request('POST', '/admin/api/reachability/check', { headers: auth });
    assert.equal(again.status, 202);
    assert.equal(again.body.status, 'reachable');
    assert.equal((await settled(app)).checkedAt, new Date(clock.now()).toISOString());
  });

  it('never asks an address inside a network: 127.0.0.1 as the public address is reported, not requested', async () => {
    const bystander = await otherServer((_, res) => res.end('{}'));
    try {
      const byName = await start({
        config: { publicUrl: bystander.url.replace('127.0.0.1', 'booking.salon.test') },
        lookup: fakeLookup({ 'booking.salon.test': () => '127.0.0.1' }),
      });
      const literal = await start({ config: { publicUrl: bystander.url } });
      const [named, plain] = [await settled(byName), await settled(literal)];
      assert.equal(named.status, 'inside');
      assert.equal(named.detail, 'booking.salon.test leads to 127.0.0.1, a loopback address');
      assert.equal(plain.status, 'inside');
      assert.equal(plain.detail, '127.0.0.1 is a loopback address');
      assert.equal(bystander.requests(), 0, 'nothing was sent there');
    } finally {
      await bystander.close();
    }
  });

  it('tells another program, another booking-api, a redirect and a name that does not resolve apart', async () => {
    const program = await otherServer((_, res) => {
      res.statusCode = 404;
      res.end('Not Found');
    });
    const redirect = await otherServer((_, res) => {
      res.writeHead(301, { Location: 'https://booking.salon.example/.well-known/booking-api' }).end();
    });
    const otherSalon = await start({});
    try {
      const cases: Array<[string, string, string | null]> = [
        [program.url, 'other-server', 'another program answers there (status 404)'],
        [otherSalon.url, 'other-server', 'another booking-api server answers there, with other data'],
        [redirect.url, 'redirect', 'it sends visitors on to https://booking.salon.example/.well-known/booking-api'],
        ['https://booking.salon.test', 'not-found', null],
      ];
      for (const [publicUrl, status, detail] of cases) {
        const app = await start({ config: { publicUrl }, lookup: fakeLookup({}), reachability: { allowLoopback: true } });
        const body = await settled(app);
        assert.deepEqual([body.status, body.detail], [status, detail], publicUrl);
      }
    } finally {
      await Promise.all([program.close(), redirect.close()]);
    }
  });

  it('says when nothing answers, and never keeps Settings waiting for it', async () => {
    const closed = await freePort();
    const refused = await start({ config: { publicUrl: `http://127.0.0.1:${closed}` }, reachability: { allowLoopback: true } });
    assert.deepEqual(
      [(await settled(refused)).status, (await settled(refused)).detail],
      ['no-answer', 'nothing accepts connections there'],
    );

    const silent = await otherServer(() => {});
    try {
      // 3 s: the server starts its check as it starts, so a shorter one could end before a loaded
      // machine gets this request in (the answer must come while it still checks).
      const app = await start({ config: { publicUrl: silent.url }, reachability: { allowLoopback: true, timeoutMs: 3_000 } });
      const started = performance.now();
      const first = await app.request('GET', '/admin/api/reachability', { headers: auth });
      assert.ok(performance.now() - started < 2_500, 'answered before the check could time out');
      assert.deepEqual([first.body.status, first.body.checking], ['unknown', true]);
      const body = await settled(app);
      assert.deepEqual([body.status, body.detail], ['no-answer', 'it did not answer within 3 s']);
    } finally {
      await silent.close();
    }
  });

  it('checks the certificate as a browser would', async () => {
    const ca = new TestCa();
    const pair = ca.issue('salon');
    const dir = tempDataDir();
    fs.writeFileSync(path.join(dir, 'cert.pem'), pair.cert);
    fs.writeFileSync(path.join(dir, 'key.pem'), pair.key);
    const port = await freePort();
    const app = await start({
      config: { port, publicUrl: `https://127.0.0.1:${port}`, tlsCert: path.join(dir, 'cert.pem'), tlsKey: path.join(dir, 'key.pem') },
      reachability: { allowLoopback: true },
    });
    const body = await eventually(async () => {
      const reply = await fetchInsecure(`${app.url}/admin/api/reachability`, ca.cert);
      return reply.checking || reply.status === 'unknown' ? undefined : reply;
    });
    assert.deepEqual(
      [body.status, body.detail],
      ['certificate', 'its certificate comes from an authority browsers do not know, or the chain is incomplete'],
    );
  });
});

/** The admin API over HTTPS with the test's own authority trusted (the check itself trusts only the system's). */
async function fetchInsecure(url: string, ca: string): Promise<any> {
  const https = await import('node:https');
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca, headers: auth, agent: false }, (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve(JSON.parse(text)));
      })
      .once('error', reject);
  });
}
