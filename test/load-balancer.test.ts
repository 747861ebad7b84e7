import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cliAsync, startServeProcess } from './helpers/cli.ts';
import { tempDataDir } from './helpers/app.ts';
import { postgresMissing, startPostgres, type TestPostgres } from './helpers/postgres.ts';
import { eventually, sleep } from './helpers/wait.ts';

const EXAMPLE = path.resolve(import.meta.dirname, '../examples/load-balancer/nginx-booking-api.conf');

function findNginx(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', ...(process.env.PATH ?? '').split(':').map((d) => path.join(d, 'nginx'))]) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Skipped in one line without nginx or PostgreSQL on a developer's machine; in CI (.ci/run installs both) it fails instead. */
function skipReason(): string | false {
  const missing = postgresMissing() ?? (findNginx() ? undefined : 'nginx not found (apt-get install nginx; .ci/run does it)');
  return missing && !process.env.CI ? `${missing}: load-balancer test skipped` : false;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The example nginx config (examples/load-balancer/) in front of two `booking-api serve` processes
 * on PostgreSQL: nginx runs unprivileged (as `nobody` when the tests run as root) with the example
 * included as it is shipped, only its ports swapped for free ones on 127.0.0.1 and ::1.
 */
describe('nginx in front of two instances (examples/load-balancer)', { skip: skipReason() }, () => {
  let cluster: TestPostgres;
  let nginx: ChildProcess;
  let nginxLog = '';
  let base: string;
  let baseV6: string;
  let apiKey: string;
  let otherKey: string;
  const servers: Array<Awaited<ReturnType<typeof startServeProcess>>> = [];

  before(async () => {
    cluster = await startPostgres();
    // One salon, copied into PostgreSQL: the key works on every instance.
    const data = tempDataDir();
    const demo = await cliAsync(['demo', '--json', '--data', data]);
    assert.equal(demo.status, 0, demo.stderr);
    apiKey = JSON.parse(demo.stdout).apiKey;
    const key = await cliAsync(['keys', 'create', '--business', '1', '--name', 'other', '--preset', 'crm', '--json', '--data', data]);
    assert.equal(key.status, 0, key.stderr);
    otherKey = JSON.parse(key.stdout).key;
    // The first start makes secrets.key, which every instance then shares.
    const first = await startServeProcess(['--data', data]);
    first.child.kill('SIGTERM');
    await first.exited;
    const copied = await cliAsync(['copy-to-postgres', '--data', data], { BOOKING_DATABASE_URL: cluster.url });
    assert.equal(copied.status, 0, copied.stderr);

    const env = (url: string) => ({
      BOOKING_DATABASE_URL: url,
      BOOKING_TRUST_PROXY: 'true',
      BOOKING_RATE_PER_MINUTE: '6',
      BOOKING_SECRETS_KEY_FILE: path.join(data, 'secrets.key'),
      BOOKING_LOG_LEVEL: 'info',
    });
    // Two instances on the one database (docs/scaling.md: several instances share it).
    servers.push(await startServeProcess(['--data', tempDataDir()], env(cluster.url)));
    servers.push(await startServeProcess(['--data', tempDataDir()], env(cluster.url)));

    const port = await freePort();
    const prefix = tempDataDir();
    const upstream = servers.map((s) => new URL(s.url).port);
    const site = fs
      .readFileSync(EXAMPLE, 'utf8')
      .replace('server 127.0.0.1:8081;', `server 127.0.0.1:${upstream[0]};`)
      .replace('server 127.0.0.1:8082;', `server 127.0.0.1:${upstream[1]};`)
      .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${port};\n    listen [::1]:${port};`);
    assert.ok(site.includes(`127.0.0.1:${upstream[1]}`) && site.includes(`[::1]:${port}`), 'the example changed shape');
    fs.writeFileSync(path.join(prefix, 'site.conf'), site);
    const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
    fs.writeFileSync(
      path.join(prefix, 'nginx.conf'),
      [
        `pid ${path.join(prefix, 'nginx.pid')};`,
        'daemon off;',
        'worker_processes 1;',
        'events { worker_connections 128; }',
        'http {',
        '  access_log off;',
        `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
        `  include ${path.join(prefix, 'site.conf')};`,
        '}',
      ].join('\n'),
    );
    const asRoot = process.getuid?.() === 0;
    const ids = asRoot ? { uid: 65534, gid: 65534 } : {};
    if (asRoot) {
      spawnSync('chown', ['-R', '65534:65534', prefix]);
    }
    nginx = spawn(findNginx()!, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr'], {
      ...ids,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginx.stderr!.setEncoding('utf8').on('data', (chunk) => (nginxLog += chunk));
    base = `http://127.0.0.1:${port}`;
    baseV6 = `http://[::1]:${port}`;
    await eventually(
      async () => ((await fetch(`${base}/healthz`).catch(() => undefined))?.status === 200 ? true : undefined),
      10_000,
      `nginx to answer (${nginxLog})`,
    );
  });

  after(async () => {
    nginx?.kill('SIGQUIT');
    for (const server of servers) {
      if (server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    }
    await cluster?.stop();
  });

  /** The request log lines of one instance (JSON on stdout). */
  const requestLog = (server: (typeof servers)[number]) =>
    server
      .output()
      .stdout.split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { path?: string; requestId?: string; ip?: string; status?: number })
      .filter((entry) => entry.path !== undefined);

  it('runs nginx without root and spreads requests over both instances', async () => {
    if (process.getuid?.() === 0) {
      const status = fs.readFileSync(`/proc/${nginx.pid}/status`, 'utf8');
      assert.match(status, /^Uid:\s+65534\s/m, 'nginx runs as nobody');
    }
    for (let i = 0; i < 8; i++) {
      const reply = await fetch(`${base}/healthz`);
      assert.equal(reply.status, 200);
    }
    for (const server of servers) {
      await eventually(
        () => (requestLog(server).filter((e) => e.path === '/healthz').length >= 2 ? true : undefined),
        5000,
        'each instance to answer some',
      );
    }
  });

  it("gives the instances the client's own address, not nginx's nor one the client made up", async () => {
    // Over ::1 to nginx, which reaches the instances over 127.0.0.1: only X-Forwarded-For can say ::1.
    const requestId = `lb-client-ip-${Date.now()}`;
    const reply = await fetch(`${baseV6}/healthz`, { headers: { 'X-Request-Id': requestId, 'X-Forwarded-For': '203.0.113.7' } });
    assert.equal(reply.status, 200);
    assert.equal(reply.headers.get('x-request-id'), requestId);
    const entry = await eventually(() => servers.flatMap(requestLog).find((e) => e.requestId === requestId), 5000, 'the log line');
    assert.equal(entry.ip, '::1');
  });

  it('passes the API key in, and X-RateLimit-*, Retry-After and X-Request-Id out', async () => {
    const answers: Response[] = [];
    for (let i = 0; i < 30; i++) {
      const reply = await fetch(`${base}/v1/integration/services`, { headers: { 'X-API-Key': apiKey } });
      answers.push(reply);
      await reply.arrayBuffer();
      if (reply.status === 429) break;
    }
    const ok = answers.find((r) => r.status === 200)!;
    assert.ok(ok, 'the key made on SQLite is accepted through nginx');
    assert.equal(ok.headers.get('x-ratelimit-limit'), '6');
    assert.match(ok.headers.get('x-ratelimit-remaining') ?? '', /^\d+$/);
    assert.match(ok.headers.get('x-request-id') ?? '', /\S{8,}/);
    const limited = answers.at(-1)!;
    assert.equal(limited.status, 429, 'the limit was reached');
    assert.match(limited.headers.get('retry-after') ?? '', /^\d+$/);
    assert.equal(limited.headers.get('x-ratelimit-remaining'), '0');
    const unknown = await fetch(`${base}/v1/integration/services`, { headers: { 'X-API-Key': 'bk_nope' } });
    assert.equal(unknown.status, 401);
    assert.equal(((await unknown.json()) as { code: string }).code.length > 0, true);
  });

  it('sends requests to the instance that is left when one dies, and 503 Retry-After through when the database is away', async () => {
    servers[1]!.child.kill('SIGKILL');
    await servers[1]!.exited;
    for (let i = 0; i < 6; i++) assert.equal((await fetch(`${base}/healthz`)).status, 200, `request ${i} after the kill`);
    await cluster.stop();
    await sleep(100);
    const reply = await fetch(`${base}/v1/integration/bookings?limit=1`, { headers: { 'X-API-Key': otherKey } });
    assert.equal(reply.status, 503);
    assert.equal(reply.headers.get('retry-after'), '2');
    assert.equal(((await reply.json()) as { code: string }).code, 'storage_unavailable');
  });
});
