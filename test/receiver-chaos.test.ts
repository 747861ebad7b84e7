import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { TestApp } from './helpers/app.ts';
import { deliverySuite } from './helpers/delivery-suite.ts';
import { Receiver } from './helpers/receiver.ts';
import { eventually } from './helpers/wait.ts';

const TLS_DIR = path.resolve(import.meta.dirname, 'fixtures/tls');
const TIMEOUT_MS = 3000;
/** How far from the timeout the slow receivers answer: near it, and beyond any scheduling noise. */
const MARGIN_MS = 700;

/** A server on 127.0.0.1 that stops when the test process ends. */
async function listen(server: net.Server): Promise<{ port: number; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('secureConnection', (socket: net.Socket) => sockets.add(socket));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('receivers that misbehave (one attempt each, 3 s timeout)', () => {
  const t = deliverySuite({ config: { retryDelays: [0], deliveryTimeoutMs: TIMEOUT_MS } });

  it('answers just under the timeout: success', async () => {
    t.receiver.handle(() => ({ status: 200, body: 'late but fine', delayMs: TIMEOUT_MS - MARGIN_MS }));
    const attempt = await t.deliverOnce(t.receiver.url('/just-under'));
    assert.equal(attempt.deliveryStatus, 'success', attempt.errorMessage ?? '');
    assert.equal(attempt.responseStatusCode, 200);
    assert.ok(
      attempt.responseTimeMs >= TIMEOUT_MS - MARGIN_MS - 20 && attempt.responseTimeMs < TIMEOUT_MS,
      `took ${attempt.responseTimeMs} ms`,
    );
  });

  it('answers just over the timeout: timed out, the late answer ignored', async () => {
    t.receiver.handle(() => ({ status: 200, body: 'too late', delayMs: TIMEOUT_MS + MARGIN_MS }));
    const attempt = await t.deliverOnce(t.receiver.url('/just-over'));
    assert.equal(attempt.deliveryStatus, 'failed');
    assert.equal(attempt.responseStatusCode, null);
    assert.equal(attempt.errorMessage, `timed out: no complete answer within ${TIMEOUT_MS} ms`);
    assert.equal(attempt.responseBodyExcerpt, null);
    assert.ok(
      attempt.responseTimeMs >= TIMEOUT_MS - 20 && attempt.responseTimeMs < TIMEOUT_MS + MARGIN_MS,
      `took ${attempt.responseTimeMs} ms`,
    );
  });

  it('sends headers, then stalls in the body: timed out', async () => {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'Content-Length': '100' });
        res.write('partial');
      });
    });
    const stalled = await listen(server);
    try {
      const attempt = await t.deliverOnce(`http://127.0.0.1:${stalled.port}/stall`);
      assert.equal(attempt.deliveryStatus, 'failed');
      assert.equal(attempt.errorMessage, `timed out: no complete answer within ${TIMEOUT_MS} ms`);
    } finally {
      await stalled.close();
    }
  });

  it('answers with a 50 MB body: keeps 1 KiB and stops reading', async (test) => {
    const total = 50 * 1024 * 1024;
    let written = 0;
    let finished = false;
    const closed = Promise.withResolvers<void>();
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': String(total) });
        const chunk = Buffer.alloc(64 * 1024, 'x');
        // Writes only as fast as the client reads (backpressure), so `written` is what it took.
        const pump = () => {
          while (written < total) {
            written += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
          finished = true;
        };
        res.on('close', () => closed.resolve());
        pump();
      });
    });
    const big = await listen(server);
    try {
      const started = performance.now();
      const attempt = await t.deliverOnce(`http://127.0.0.1:${big.port}/big`);
      await closed.promise;
      const elapsed = performance.now() - started;
      assert.equal(attempt.deliveryStatus, 'success');
      assert.equal(attempt.responseStatusCode, 200);
      assert.equal(attempt.responseBodyExcerpt, 'x'.repeat(1024));
      assert.equal(finished, false, 'the connection was closed before the body ended');
      // Socket buffers on loopback hold a few MB; the rest was never sent.
      assert.ok(written < 16 * 1024 * 1024, `receiver managed to write ${written} bytes`);
      assert.ok(elapsed < TIMEOUT_MS, `took ${Math.round(elapsed)} ms`);
      test.diagnostic(`50 MB body: receiver wrote ${(written / 1048576).toFixed(1)} MiB before we hung up, ${Math.round(elapsed)} ms`);
    } finally {
      await big.close();
    }
  });

  it('answers 302 and 307: recorded with the status, not followed', async () => {
    for (const status of [302, 307]) {
      t.receiver.handle(() => ({ status, headers: { Location: 'http://127.0.0.1:1/elsewhere' } }));
      const attempt = await t.deliverOnce(t.receiver.url(`/moved-${status}`));
      assert.equal(attempt.deliveryStatus, 'failed');
      assert.equal(attempt.responseStatusCode, status);
      assert.match(
        attempt.errorMessage,
        new RegExp(`^receiver answered ${status} .*; redirects are not followed, register the final URL$`),
      );
    }
    assert.ok(
      t.receiver.requests.every((r) => r.path.startsWith('/moved-')),
      'nothing went to the Location',
    );
  });

  it('resets the connection after sending part of the answer', async () => {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'Content-Length': '1000' });
        res.write('half an answer', () => req.socket.destroy());
      });
    });
    const resetting = await listen(server);
    try {
      const attempt = await t.deliverOnce(`http://127.0.0.1:${resetting.port}/mid-response`);
      assert.equal(attempt.deliveryStatus, 'failed');
      assert.equal(attempt.responseStatusCode, null);
      assert.equal(attempt.errorMessage, `connection reset by 127.0.0.1:${resetting.port} before a complete answer`);
    } finally {
      await resetting.close();
    }
  });

  it('speaks broken HTTP: invalid answer', async () => {
    const server = net.createServer((socket) => {
      socket.once('data', () => socket.end('HELLO THERE\r\nthis is not http\r\n\r\n'));
    });
    const garbage = await listen(server);
    try {
      const attempt = await t.deliverOnce(`http://127.0.0.1:${garbage.port}/garbage`);
      assert.equal(attempt.deliveryStatus, 'failed');
      assert.equal(attempt.responseStatusCode, null);
      assert.equal(attempt.errorMessage, `invalid HTTP answer from 127.0.0.1:${garbage.port} (Expected HTTP/, RTSP/ or ICE/)`);
    } finally {
      await garbage.close();
    }
  });

  it('closes the connection without a word: reset', async () => {
    const server = net.createServer((socket) => socket.once('data', () => socket.end()));
    const silent = await listen(server);
    try {
      const attempt = await t.deliverOnce(`http://127.0.0.1:${silent.port}/silent`);
      assert.equal(attempt.deliveryStatus, 'failed');
      assert.equal(attempt.errorMessage, `connection reset by 127.0.0.1:${silent.port} before a complete answer`);
    } finally {
      await silent.close();
    }
  });

  it('serves TLS with an untrusted (self-signed) certificate: not accepted, nothing sent', async () => {
    let requests = 0;
    const server = https.createServer(
      { key: fs.readFileSync(path.join(TLS_DIR, 'self-signed.key')), cert: fs.readFileSync(path.join(TLS_DIR, 'self-signed.crt')) },
      (_req, res) => {
        requests += 1;
        res.end('ok');
      },
    );
    const tls = await listen(server);
    try {
      const attempt = await t.deliverOnce(`https://127.0.0.1:${tls.port}/tls`);
      assert.equal(attempt.deliveryStatus, 'failed');
      assert.equal(attempt.responseStatusCode, null);
      assert.equal(attempt.errorMessage, `TLS certificate of 127.0.0.1:${tls.port} not accepted (DEPTH_ZERO_SELF_SIGNED_CERT)`);
      assert.equal(requests, 0, 'the body never reached a receiver we could not verify');
    } finally {
      await tls.close();
    }
  });
});

describe('one hanging receiver does not stall the queue', () => {
  // 8 sends at once, so each webhook may hold 2; the hanging one gets 20 events first.
  const concurrency = 8;
  let app: TestApp;
  let healthy: Receiver;
  let hanging: Receiver;
  let open = 0;
  let mostOpen = 0;

  before(async () => {
    // The hanging sends must not time out during the test, however slow the machine.
    app = await TestApp.start({ config: { retryDelays: [0], deliveryTimeoutMs: 60_000, deliveryConcurrency: concurrency } });
    healthy = await Receiver.start();
    hanging = await Receiver.start(() => {
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      return 'hang';
    });
  });
  after(async () => {
    await hanging.close();
    await healthy.close();
    await app.stop();
  });

  it('delivers to a healthy webhook promptly while another hangs with a backlog', async (test) => {
    const businessId = await app.business();
    const key = (await app.key(businessId, ['webhooks:manage'])).key;
    const stuck = await app.webhook(key, hanging.url('/stuck'), ['booking.created']);
    const fine = await app.webhook(key, healthy.url('/fine'), ['booking.cancelled']);
    for (let i = 0; i < 20; i++) await app.emit(businessId, 'booking.created', { bookingId: i });
    await hanging.waitFor(2);

    // Each healthy event's way from its commit to the receiver, not the test's own emits.
    const emittedAt: number[] = [];
    for (let i = 0; i < 10; i++) {
      await app.emit(businessId, 'booking.cancelled', { bookingId: i });
      emittedAt.push(Date.now());
    }
    await healthy.waitFor(10, 5_000);
    const waits = healthy.requests.map(
      (request) => request.receivedAt - emittedAt[(JSON.parse(request.body).data as { bookingId: number }).bookingId]!,
    );

    const stuckHistory = await app.history(key, stuck.id);
    assert.equal(stuckHistory.length, 20);
    assert.equal(stuckHistory.filter((a) => a.deliveryStatus === 'pending').length, 20, 'the hanging webhook is still waiting');
    assert.equal(mostOpen, concurrency / 4, 'the hanging receiver held no more than its quarter of the slots');
    const fineHistory = await eventually(async () => {
      const h = await app.history(key, fine.id);
      return h.filter((a) => a.deliveryStatus === 'success').length === 10 ? h : undefined;
    });
    assert.equal(fineHistory.length, 10);
    // The healthy sends all recorded: what is still in flight is the hanging receiver's share.
    assert.equal(app.context.engine.inFlight, concurrency / 4);
    assert.ok(Math.max(...waits) < 1_000, `the healthy webhook's deliveries waited ${waits.join(', ')} ms after their commits`);
    test.diagnostic(`healthy webhook: each delivery within ${Math.max(...waits)} ms of its commit beside a hanging one with 18 queued`);
  });
});

describe('several webhooks on one slow receiver host (concurrency 8: 2 per webhook)', () => {
  const t = deliverySuite({ config: { retryDelays: [0], deliveryTimeoutMs: TIMEOUT_MS, deliveryConcurrency: 8 } });

  it('times only the receiver, not a wait for a local connection', async () => {
    // 4 webhooks × 2 attempts in flight, all to one origin. Were connections per origin only a
    // webhook's share (2), the last of four waves would time out while never having been sent.
    const answerMs = TIMEOUT_MS / 2.5;
    t.receiver.handle(() => ({ status: 200, body: 'ok', delayMs: answerMs }));
    const webhooks = [];
    for (let i = 0; i < 4; i++) webhooks.push(await t.app.webhook(t.key, t.receiver.url(`/crm-${i}`)));
    for (let i = 0; i < 2; i++) await t.app.emit(t.businessId, 'booking.created', { bookingId: i });
    const attempts = (await Promise.all(webhooks.map((webhook) => t.finished(webhook.id, 2)))).flat();
    assert.equal(attempts.length, 8);
    for (const attempt of attempts) {
      assert.equal(attempt.deliveryStatus, 'success', attempt.errorMessage ?? '');
      assert.ok(attempt.responseTimeMs < TIMEOUT_MS - MARGIN_MS, `took ${attempt.responseTimeMs} ms`);
    }
  });
});
