import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { TestApp, tempDataDir } from './helpers/app.ts';
import { TestCa, httpsGet, servedName } from './helpers/certificates.ts';
import { BIN, cliHere } from './helpers/cli.ts';
import { NODE_FLAGS } from '../src/node-flags.mjs';
import { captureLogs } from './helpers/log-capture.ts';
import { eventually } from './helpers/wait.ts';

/** Writes a file the way a renewal does: a new file renamed over the old one. */
function replace(file: string, text: string): void {
  fs.writeFileSync(`${file}.new`, text);
  fs.renameSync(`${file}.new`, file);
}

function plainGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      })
      .once('error', reject);
  });
}

describe('HTTPS served by the server itself (BOOKING_TLS_CERT, BOOKING_TLS_KEY)', () => {
  const ca = new TestCa();
  const dir = tempDataDir();
  const certFile = path.join(dir, 'fullchain.pem');
  const keyFile = path.join(dir, 'privkey.pem');
  const logs = captureLogs('info');
  let app: TestApp;

  before(async () => {
    const first = ca.issue('first');
    fs.writeFileSync(certFile, first.cert);
    fs.writeFileSync(keyFile, first.key);
    app = await TestApp.start({ config: { tlsCert: certFile, tlsKey: keyFile, httpRedirectPort: undefined }, logger: logs.logger });
  });
  after(() => app?.stop());

  it('answers over HTTPS, with HSTS on every answer, pages and API alike', async () => {
    assert.match(app.url, /^https:\/\/127\.0\.0\.1:\d+$/);
    for (const pathname of ['/healthz', '/', '/v1/integration/services', '/admin/api/status']) {
      const reply = await httpsGet(`${app.url}${pathname}`, ca.cert);
      assert.equal(reply.headers['strict-transport-security'], 'max-age=31536000', pathname);
    }
    const health = await httpsGet(`${app.url}/healthz`, ca.cert);
    assert.equal(health.status, 200);
    assert.equal(JSON.parse(health.text).status, 'ok');
    assert.equal(await servedName(app.url, ca.cert), 'first');
  });

  it('serves a renewed certificate without a restart, once both files are new', async () => {
    const second = ca.issue('second');
    // A renewal that has written the certificate but not yet its key: the pair served stays.
    replace(certFile, second.cert);
    await eventually(
      () => (logs.text().includes('does not belong to the certificate') ? true : undefined),
      5_000,
      'the half-renewal warning',
    );
    assert.equal(await servedName(app.url, ca.cert), 'first');
    replace(keyFile, second.key);
    await eventually(async () => ((await servedName(app.url, ca.cert)) === 'second' ? true : undefined), 5_000, 'the new certificate');
    const reloaded = logs.entries().find((entry) => entry.msg === 'TLS certificate reloaded');
    assert.equal(reloaded?.names, '127.0.0.1, localhost');
    const health = await httpsGet(`${app.url}/healthz`, ca.cert);
    assert.equal(health.status, 200);
  });

  it('reloads a pair swapped in by a symbolic link, as certbot renews /etc/letsencrypt/live', async () => {
    const third = ca.issue('third');
    const archive = path.join(dir, 'archive');
    fs.mkdirSync(archive);
    fs.writeFileSync(path.join(archive, 'cert3.pem'), third.cert);
    fs.writeFileSync(path.join(archive, 'key3.pem'), third.key);
    fs.symlinkSync(path.join(archive, 'key3.pem'), `${keyFile}.link`);
    fs.renameSync(`${keyFile}.link`, keyFile);
    fs.symlinkSync(path.join(archive, 'cert3.pem'), `${certFile}.link`);
    fs.renameSync(`${certFile}.link`, certFile);
    await eventually(async () => ((await servedName(app.url, ca.cert)) === 'third' ? true : undefined), 5_000, 'the linked certificate');
  });
});

describe('plain HTTP beside HTTPS (BOOKING_HTTP_REDIRECT_PORT)', () => {
  const ca = new TestCa();
  const dir = tempDataDir();
  let app: TestApp;
  let redirectUrl: string;

  before(async () => {
    const pair = ca.issue('salon');
    fs.writeFileSync(path.join(dir, 'cert.pem'), pair.cert);
    fs.writeFileSync(path.join(dir, 'key.pem'), pair.key);
    const port = await freePort();
    app = await TestApp.start({
      config: { tlsCert: path.join(dir, 'cert.pem'), tlsKey: path.join(dir, 'key.pem'), httpRedirectPort: port },
    });
    redirectUrl = `http://127.0.0.1:${port}`;
  });
  after(() => app?.stop());

  it('sends a browser asking for a page to the same address over HTTPS, without HSTS', async () => {
    const httpsPort = new URL(app.url).port;
    const page = await plainGet(`${redirectUrl}/book/1?lang=de`);
    assert.equal(page.status, 301);
    assert.equal(page.headers.location, `https://127.0.0.1:${httpsPort}/book/1?lang=de`);
    assert.equal(page.headers['strict-transport-security'], undefined);
    const named = await plainGet(`${redirectUrl}/`, { Host: 'booking.salon.example' });
    assert.equal(named.headers.location, `https://booking.salon.example:${httpsPort}/`);
    const followed = await httpsGet(page.headers.location!, ca.cert);
    assert.equal(followed.status, 404, 'no booking page on this branch yet: the HTTPS server answered');
  });

  it('refuses API calls over plain HTTP instead of redirecting them, naming the HTTPS address', async () => {
    for (const pathname of ['/v1/integration/services', '/admin/api/status']) {
      const reply = await plainGet(`${redirectUrl}${pathname}`, { 'X-API-Key': 'bk_live_whatever' });
      assert.equal(reply.status, 400, pathname);
      const body = JSON.parse(reply.text);
      assert.equal(body.code, 'https_required');
      assert.match(body.message, new RegExp(`send the request to https://127\\.0\\.0\\.1:${new URL(app.url).port}\\.`));
      assert.equal(reply.headers['strict-transport-security'], undefined);
    }
    const odd = await plainGet(`${redirectUrl}/`, { Host: 'a@b' });
    assert.equal(odd.status, 400);
  });
});

describe('a certificate that cannot be served stops the start, in one line', () => {
  const ca = new TestCa();
  const dir = tempDataDir();
  const one = ca.issue('one');
  const other = ca.issue('other');
  const file = (name: string, text: string) => {
    fs.writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };
  const cert = file('cert.pem', one.cert);
  const key = file('key.pem', one.key);
  const otherKey = file('other-key.pem', other.key);
  const locked = path.join(dir, 'locked-key.pem');
  spawnSync('openssl', ['pkey', '-in', key, '-aes256', '-passout', 'pass:secret', '-out', locked]);

  const cases: Array<[string, string[], RegExp]> = [
    [
      'a missing certificate',
      ['--tls-cert', path.join(dir, 'missing.pem'), '--tls-key', key],
      /the TLS certificate file \S+missing\.pem does not exist$/,
    ],
    [
      'a key of another certificate',
      ['--tls-cert', cert, '--tls-key', otherKey],
      /the TLS key \S+other-key\.pem does not belong to the certificate \S+cert\.pem$/,
    ],
    ['the two files swapped', ['--tls-cert', key, '--tls-key', cert], /holds no PEM certificate .*are the two files swapped\?\)$/],
    [
      'a key under a passphrase',
      ['--tls-cert', cert, '--tls-key', locked],
      /locked-key\.pem is protected by a passphrase; give it without one/,
    ],
    ['a folder', ['--tls-cert', dir, '--tls-key', key], /is a folder; give the file in it$/],
    ['a certificate without a key', ['--tls-cert', cert], /BOOKING_TLS_CERT needs BOOKING_TLS_KEY/],
  ];
  for (const [i, [what, args, message]] of cases.entries()) {
    it(what, async () => {
      const data = path.join(dir, `data-${i}`);
      fs.mkdirSync(data);
      const result = await cliHere(['serve', '--port', '0', '--data', data, ...args]);
      assert.equal(result.status, 1);
      const lines = result.stderr.trim().split('\n');
      assert.equal(lines.length, 1, result.stderr);
      assert.match(lines[0]!, /^booking-api: /);
      assert.match(lines[0]!, message);
      assert.deepEqual(fs.readdirSync(data), [], 'nothing was made in the data dir');
    });
  }

  it('a key the user running the server cannot read', {
    skip: process.getuid?.() !== 0 && 'needs root, to start the server as nobody',
  }, () => {
    const unreadable = file('unreadable-key.pem', one.key);
    fs.chmodSync(unreadable, 0o600);
    fs.chmodSync(dir, 0o755);
    fs.chmodSync(cert, 0o644);
    // The certificate is read before the data dir is touched, so nobody needs none.
    const args = ['serve', '--port', '0', '--data', path.join(dir, 'data'), '--tls-cert', cert, '--tls-key', unreadable];
    const result = spawnSync(process.execPath, [...NODE_FLAGS, BIN, ...args], {
      uid: 65534,
      gid: 65534,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
      timeout: 30_000,
    });
    assert.equal(result.status, 1, result.stderr);
    assert.equal(
      result.stderr.trim(),
      `booking-api: the TLS key file ${unreadable} cannot be read: permission denied to the user running booking-api`,
    );
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = http.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as import('node:net').AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
