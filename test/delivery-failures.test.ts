import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it } from 'node:test';
import { deliverySuite } from './helpers/delivery-suite.ts';
import { fakeLookup } from './helpers/dns.ts';

describe('what a failed attempt records', () => {
  // One attempt only, a short receiver timeout, and a resolver that does not depend on this machine's DNS.
  const t = deliverySuite({
    config: { retryDelays: [0], deliveryTimeoutMs: 300 },
    lookup: fakeLookup({ localhost: () => '127.0.0.1' }),
  });

  it('a receiver that never answers: timed out, no status code', async () => {
    t.receiver.handle(() => 'hang');
    const attempt = await t.deliverOnce(t.receiver.url('/hang'));
    assert.equal(attempt.deliveryStatus, 'failed');
    assert.equal(attempt.responseStatusCode, null);
    assert.match(attempt.errorMessage, /^timed out: no complete answer within 300 ms$/);
    assert.ok(attempt.responseTimeMs >= 250, `took ${attempt.responseTimeMs} ms`);
  });

  it('nobody listening: connection refused', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const attempt = await t.deliverOnce(`http://127.0.0.1:${port}/none`);
    assert.equal(attempt.responseStatusCode, null);
    assert.equal(attempt.errorMessage, `connection refused by 127.0.0.1:${port}`);
  });

  it('a host that does not exist: not found (DNS)', async () => {
    const attempt = await t.deliverOnce('http://no-such-host.invalid/hook');
    assert.equal(attempt.responseStatusCode, null);
    assert.equal(attempt.errorMessage, 'host no-such-host.invalid not found (DNS ENOTFOUND)');
  });

  it('a connection dropped mid-request: reset', async () => {
    t.receiver.handle(() => 'reset');
    const attempt = await t.deliverOnce(t.receiver.url('/reset'));
    assert.equal(attempt.responseStatusCode, null);
    assert.match(attempt.errorMessage, /connection reset by 127\.0\.0\.1:\d+/);
  });

  it('a redirect is not followed and counts as a failure', async () => {
    t.receiver.handle(() => ({ status: 301, headers: { Location: 'http://127.0.0.1:1/elsewhere' } }));
    const attempt = await t.deliverOnce(t.receiver.url('/moved'));
    assert.equal(attempt.responseStatusCode, 301);
    assert.match(attempt.errorMessage, /301 Moved Permanently; redirects are not followed/);
  });

  it('keeps at most the first 1 KiB of a response body', async () => {
    t.receiver.handle(() => ({ status: 500, body: 'é'.repeat(3000) }));
    const attempt = await t.deliverOnce(t.receiver.url('/chatty'));
    assert.ok(Buffer.byteLength(attempt.responseBodyExcerpt) <= 1024);
    assert.ok(attempt.responseBodyExcerpt.length >= 500);
    assert.match(attempt.responseBodyExcerpt, /^é+$/, 'cut on a character boundary');
  });

  it('keeps a body with NUL bytes, each shown as U+FFFD, and goes on recording (PostgreSQL text holds no NUL)', async () => {
    t.receiver.handle(() => ({ status: 500, body: 'bin\u0000ary\u0000' }));
    const attempt = await t.deliverOnce(t.receiver.url('/binary'));
    assert.equal(attempt.responseStatusCode, 500);
    assert.equal(attempt.responseBodyExcerpt, 'bin\uFFFDary\uFFFD');
    t.receiver.handle(() => ({ status: 200 }));
    assert.equal((await t.deliverOnce(t.receiver.url('/after'))).responseStatusCode, 200, 'the next result is recorded too');
  });
});
