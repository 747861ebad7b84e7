import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { describe, it } from 'node:test';
import { TestApp } from './helpers/app.ts';
import { eventually } from './helpers/wait.ts';

const EXAMPLE = path.resolve(import.meta.dirname, '../examples/receiver.mjs');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('examples/receiver.mjs', () => {
  it('verifies and accepts real deliveries, and refuses a wrong secret', async () => {
    const app = await TestApp.start({ config: { retryDelays: [0] } });
    const businessId = await app.business();
    const { key } = await app.key(businessId, ['webhooks:manage']);
    const port = await freePort();
    const webhook = await app.webhook(key, `http://127.0.0.1:${port}/`);
    const wrong = await app.webhook(key, `http://127.0.0.1:${port}/other`);
    const child = spawn(process.execPath, [EXAMPLE], {
      env: { ...process.env, WEBHOOK_SECRET: webhook.secret, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    try {
      await new Promise<void>((resolve) => child.stderr.once('data', () => resolve()));
      await app.emit(businessId, 'booking.created', { bookingId: 5 });
      const [ok] = await eventually(async () => {
        const h = await app.history(key, webhook.id);
        return h[0]?.deliveryStatus === 'success' ? h : undefined;
      });
      assert.equal(ok.responseBodyExcerpt, 'ok');
      assert.match(stdout, /"event":"booking.created"/);
      const [refused] = await eventually(async () => {
        const h = await app.history(key, wrong.id);
        return h[0] && h[0].deliveryStatus !== 'pending' ? h : undefined;
      });
      assert.equal(refused.responseStatusCode, 401, 'signed with another secret: refused');
    } finally {
      child.kill();
      await app.stop();
    }
  });

  it('takes the new and the old secret while one is rotated with a grace period', async () => {
    const app = await TestApp.start({ config: { retryDelays: [0] } });
    const businessId = await app.business();
    const { key } = await app.key(businessId, ['webhooks:manage']);
    const port = await freePort();
    const webhook = await app.webhook(key, `http://127.0.0.1:${port}/`);
    const rotated = await app.request('POST', `/v1/integration/webhooks/${webhook.id}/rotate-secret`, {
      key,
      body: { gracePeriodSeconds: 3600 },
    });
    assert.equal(rotated.status, 200, rotated.text);
    const receive = async (secrets: string) => {
      const child = spawn(process.execPath, [EXAMPLE], {
        env: { ...process.env, WEBHOOK_SECRET: secrets, PORT: String(port) },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      await new Promise<void>((resolve) => child.stderr.once('data', () => resolve()));
      try {
        const before = (await app.history(key, webhook.id)).length;
        await app.emit(businessId, 'booking.created', { bookingId: before });
        const history = await eventually(async () => {
          const h = await app.history(key, webhook.id);
          return h.length > before && h.at(-1).deliveryStatus !== 'pending' ? h : undefined;
        });
        return history.at(-1).responseStatusCode;
      } finally {
        child.kill();
        await new Promise((resolve) => child.once('exit', resolve));
      }
    };
    try {
      assert.equal(await receive(webhook.secret), 200, 'the old secret alone still works during the grace period');
      assert.equal(await receive(`${rotated.body.secret},${webhook.secret}`), 200, 'the new and the old');
      assert.equal(await receive(rotated.body.secret), 401, 'the new alone: X-Webhook-Signature is the old one’s until the end');
      await app.request('POST', `/v1/integration/webhooks/${webhook.id}/expire-previous-secrets`, { key });
      assert.equal(await receive(rotated.body.secret), 200, 'the new alone, once the grace period is over');
    } finally {
      await app.stop();
    }
  });
});
