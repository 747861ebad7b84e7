import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { TestApp, tempDataDir } from './helpers/app.ts';
import { fakeLookup } from './helpers/dns.ts';
import { captureLogs } from './helpers/log-capture.ts';
import { eventually } from './helpers/wait.ts';

const EXAMPLE = path.resolve(import.meta.dirname, '../examples/caddy/Caddyfile');
const CADDY = '/usr/bin/caddy';

/** Skipped in one line without Caddy on a developer's machine; in CI (.ci/run installs it) it fails instead. */
function skipReason(): string | false {
  if (fs.existsSync(CADDY) || process.env.CI) return false;
  return 'caddy not found (apt-get install caddy; .ci/run does it): the Caddy recipe test skipped';
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

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * docs/deploy.md's first recipe, as shipped in examples/caddy/Caddyfile, in front of a real server:
 * only the salon's name, the upstream's port and Caddy's own ports are changed, and Caddy signs the
 * certificate with its local authority instead of asking Let's Encrypt (no traffic leaves
 * 127.0.0.1; the file itself is validated as shipped).
 */
describe('Caddy in front of booking-api (examples/caddy/Caddyfile)', { skip: skipReason() }, () => {
  const dir = tempDataDir();
  const env = { PATH: process.env.PATH ?? '', HOME: dir, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config') };
  const logs = captureLogs('info');
  let app: TestApp;
  let caddy: ChildProcess;
  let caddyLog = '';
  let httpsPort: number;
  let ca: string;

  const get = (pathname: string, headers: Record<string, string> = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const request = https.get(
        {
          host: '127.0.0.1',
          port: httpsPort,
          path: pathname,
          servername: 'booking.salon.test',
          ca,
          agent: false,
          headers: { host: 'booking.salon.test', ...headers },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8').on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
        },
      );
      request.once('error', reject);
    });

  before(async () => {
    const upstream = await freePort();
    httpsPort = await freePort();
    const httpPort = await freePort();
    app = await TestApp.start({
      config: { port: upstream, trustProxy: true, publicUrl: 'https://booking.salon.test' },
      logger: logs.logger,
      // The address check at start: the name leads to 127.0.0.1, so it is reported, never asked or looked up for real.
      lookup: fakeLookup({ 'booking.salon.test': () => '127.0.0.1' }),
    });
    const shipped = fs.readFileSync(EXAMPLE, 'utf8');
    assert.match(shipped, /^booking\.salon\.example \{$/m);
    assert.equal(shipped.match(/reverse_proxy 127\.0\.0\.1:8080$/gm)?.length, 1);
    const trial = [
      '{',
      '\tadmin off',
      '\tskip_install_trust',
      '\tlocal_certs',
      `\thttp_port ${httpPort}`,
      `\thttps_port ${httpsPort}`,
      `\tstorage file_system ${path.join(dir, 'storage')}`,
      '}',
      shipped
        .replace(/^booking\.salon\.example \{$/m, 'booking.salon.test {')
        .replace('reverse_proxy 127.0.0.1:8080', `reverse_proxy 127.0.0.1:${upstream}`),
    ].join('\n');
    fs.writeFileSync(path.join(dir, 'Caddyfile'), trial);
    caddy = spawn(CADDY, ['run', '--adapter', 'caddyfile', '--config', path.join(dir, 'Caddyfile')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout!.on('data', (chunk) => (caddyLog += chunk));
    caddy.stderr!.on('data', (chunk) => (caddyLog += chunk));
    const root = path.join(dir, 'storage', 'pki', 'authorities', 'local', 'root.crt');
    ca = await eventually(
      () => (fs.existsSync(root) ? fs.readFileSync(root, 'utf8') : undefined),
      15_000,
      `Caddy's local authority (${caddyLog})`,
    );
    await eventually(
      async () => ((await get('/.well-known/booking-api').catch(() => undefined))?.status === 200 ? true : undefined),
      15_000,
      'Caddy',
    );
  });
  after(async () => {
    caddy?.kill('SIGTERM');
    await app?.stop();
  });

  it('is a valid Caddyfile as shipped', () => {
    const result = spawnSync(CADDY, ['validate', '--adapter', 'caddyfile', '--config', EXAMPLE], { env, encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stderr + result.stdout, /Valid configuration/);
  });

  it("passes on what the salon's clients need: the booking page, embed.js, the manage link, the integration API, the address check", async () => {
    const identity = await get('/.well-known/booking-api');
    assert.equal(JSON.parse(identity.text).instance, app.context.reachability.installationId);
    assert.equal((await get('/v1/integration/services')).status, 401, 'the API asks for its key');
    for (const pathname of ['/book/1', '/embed.js', '/manage/abc']) {
      // Whatever the server answers there, it is the server that answers (its request id).
      const answer = await get(pathname);
      assert.ok(answer.headers['x-request-id'], `${pathname} reached booking-api`);
    }
  });

  it('keeps the back office and everything else away', async () => {
    for (const pathname of ['/', '/index.html', '/js/app.js', '/admin/api/status', '/healthz']) {
      const answer = await get(pathname);
      assert.deepEqual([answer.status, answer.text, answer.headers['x-request-id']], [404, 'Not found', undefined], pathname);
    }
  });

  it("with BOOKING_TRUST_PROXY: HSTS on its answers and the client's address in the log, not one it made up", async () => {
    const answer = await get('/v1/integration/services', { 'X-Forwarded-For': '203.0.113.9' });
    assert.equal(answer.headers['strict-transport-security'], 'max-age=31536000');
    const line = logs.entries().find((entry) => entry.requestId === answer.headers['x-request-id']);
    assert.equal(line?.ip, '127.0.0.1');
  });
});
