import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { ADMIN_TOKEN, TestApp, tempDataDir } from './helpers/app.ts';
import { cli } from './helpers/cli.ts';
import { NOWHERE, Receiver } from './helpers/receiver.ts';
import { deliverySuite } from './helpers/delivery-suite.ts';
import { sql } from 'kysely';

/** Every file under the data dir, with its bytes. */
function filesUnder(dir: string): Array<[string, Buffer]> {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return [path.relative(dir, file), fs.readFileSync(file)] as [string, Buffer];
    });
}

/*
 * Issue 14, point 5: after webhooks were deleted and secrets rotated, the probe found 12 `whsec_`
 * strings in the database file, 9 of them dead. The test does the same and scans the bytes.
 */
describe('webhook secrets in the database file', () => {
  it('holds no deleted or rotated-away secret (secure_delete)', async () => {
    const app = await TestApp.start({ config: { allowPrivateTargets: true } });
    const dead: string[] = [];
    const live: string[] = [];
    try {
      const businessId = await app.business();
      const key = (await app.key(businessId, ['webhooks:manage'])).key;
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) {
        const created = await app.request('POST', '/v1/integration/webhooks', {
          key,
          body: { targetUrl: `${NOWHERE}/hook-${i}`, events: ['service.deleted'] },
        });
        assert.equal(created.status, 201, created.text);
        ids.push(created.body.id);
        let secret: string = created.body.secret;
        for (let r = 0; r < 2; r++) {
          dead.push(secret);
          const rotated = await app.request('POST', `/v1/integration/webhooks/${created.body.id}/rotate-secret`, { key });
          assert.equal(rotated.status, 200, rotated.text);
          secret = rotated.body.secret;
        }
        live.push(secret);
      }
      // Some filler so the pages are reused, then delete two webhooks.
      for (const id of ids.slice(0, 2)) {
        assert.equal((await app.request('DELETE', `/v1/integration/webhooks/${id}`, { key })).status, 204);
        dead.push(live.shift()!);
      }
    } finally {
      await app.stop();
    }
    const files = filesUnder(app.dataDir);
    assert.ok(files.some(([name]) => name === 'booking.db'));
    for (const [name, bytes] of files) {
      for (const secret of dead) assert.equal(bytes.includes(secret), false, `${name} still holds a dead secret`);
      assert.equal(bytes.includes(Buffer.from(dead[0]!.slice(6, 30))), false, `${name} holds part of a dead secret`);
    }
    const db = fs.readFileSync(path.join(app.dataDir, 'booking.db'));
    assert.ok(db.includes(`${NOWHERE.slice('http://'.length)}/hook-3`), 'the check is real: live webhook rows are in the same bytes');
    // Live secrets are encrypted: no whsec_ at all, in any file of the data dir.
    for (const [name, bytes] of files) {
      assert.equal(bytes.includes('whsec_'), false, `${name} holds a webhook secret in clear`);
      for (const secret of live)
        assert.equal(bytes.includes(Buffer.from(secret.slice(6), 'base64')), false, `${name} holds a secret's bytes`);
    }
  });

  it('keeps the key in secrets.key (0600) beside the database, and signs with the secret it encrypted', async () => {
    const receiver = await Receiver.start();
    const app = await TestApp.start({ config: { allowPrivateTargets: true } });
    try {
      const key = fs.statSync(path.join(app.dataDir, 'secrets.key'));
      assert.equal(key.mode & 0o777, 0o600);
      const { secret, id, apiKey } = await webhookOn(app, receiver.url());
      const ping = await app.request('POST', `/v1/integration/webhooks/${id}/ping`, { key: apiKey });
      assert.equal(ping.body.success, true, ping.text);
      const [request] = await receiver.waitFor(1);
      assert.equal(request!.headers['x-webhook-signature'], `sha256=${createHmac('sha256', secret).update(request!.body).digest('hex')}`);
    } finally {
      await app.stop();
      await receiver.close();
    }
  });

  it('encrypts, at start, secrets an earlier version stored in clear', async () => {
    const receiver = await Receiver.start();
    const dataDir = tempDataDir();
    let first = await TestApp.start({ dataDir, config: { allowPrivateTargets: true } });
    const { id, apiKey } = await webhookOn(first, receiver.url());
    await first.stop();
    const old = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
    const raw = new BetterSqlite3(path.join(dataDir, 'booking.db'));
    raw.prepare('update webhooks set secret = ? where id = ?').run(old, id);
    raw.close();
    first = await TestApp.start({ dataDir, config: { allowPrivateTargets: true } });
    try {
      const stored = new BetterSqlite3(path.join(dataDir, 'booking.db'), { readonly: true });
      assert.match(stored.prepare('select secret from webhooks where id = ?').pluck().get(id) as string, /^enc1:/);
      stored.close();
      const ping = await first.request('POST', `/v1/integration/webhooks/${id}/ping`, { key: apiKey });
      assert.equal(ping.body.success, true, ping.text);
      const [request] = await receiver.waitFor(1);
      assert.equal(
        request!.headers['x-webhook-signature'],
        `sha256=${createHmac('sha256', old).update(request!.body).digest('hex')}`,
        'signed with the same secret',
      );
    } finally {
      await first.stop();
      await receiver.close();
    }
    assert.equal(fs.readFileSync(path.join(dataDir, 'booking.db')).includes(old), false, 'the clear secret is gone from the file');
  });

  it('does not start without its key file, or with another one, and says which file it needs', async () => {
    const dataDir = tempDataDir();
    const app = await TestApp.start({ dataDir, config: { allowPrivateTargets: true } });
    await webhookOn(app, `${NOWHERE}/`);
    await app.stop();
    const keyFile = path.join(dataDir, 'secrets.key');
    const kept = path.join(tempDataDir(), 'kept.key');
    fs.renameSync(keyFile, kept);
    const env = { BOOKING_ADMIN_TOKEN: ADMIN_TOKEN };
    const missing = cli(['serve', '--port', '0', '--data', dataDir], env);
    assert.equal(missing.status, 1);
    assert.equal(
      missing.stderr,
      `booking-api: the webhook secrets in this database are encrypted with a key file that is missing: ${keyFile}. ` +
        'Put back the secrets.key kept with the database or its backup (or point BOOKING_SECRETS_KEY_FILE to it)\n',
    );
    assert.equal(fs.existsSync(keyFile), false, 'no new key was made over the old secrets');
    fs.writeFileSync(keyFile, Buffer.alloc(32, 1).toString('base64'));
    const wrong = cli(['serve', '--port', '0', '--data', dataDir], env);
    assert.equal(wrong.status, 1);
    assert.match(wrong.stderr, /secrets\.key is not the key the webhook secrets in this database were encrypted with/);
    assert.equal(wrong.stderr.trim().split('\n').length, 1);
    fs.writeFileSync(keyFile, 'not a key');
    assert.match(cli(['serve', '--port', '0', '--data', dataDir], env).stderr, /secrets\.key is not a webhook secrets key/);
    // BOOKING_SECRETS_KEY_FILE points to the kept key: the server starts.
    const again = await TestApp.start({ dataDir, config: { allowPrivateTargets: true, secretsKeyFile: kept } });
    await again.stop();
  });
});

async function webhookOn(app: TestApp, targetUrl: string) {
  const businessId = await app.business();
  const apiKey = (await app.key(businessId, ['webhooks:manage'])).key;
  const created = await app.request('POST', '/v1/integration/webhooks', { key: apiKey, body: { targetUrl, events: ['service.deleted'] } });
  assert.equal(created.status, 201, created.text);
  return { id: created.body.id as number, secret: created.body.secret as string, apiKey };
}

describe('a webhook secret that cannot be decrypted', () => {
  const t = deliverySuite({ config: { retryDelays: [0, 0, 0] } });

  it('sends nothing, records why, and does not count as the receiver failing', async () => {
    const webhook = await t.app.webhook(t.key, t.receiver.url('/sealed'));
    // A stored secret in the sealed form that no key opens, as after a damaged row.
    await sql`update webhooks set secret = ${`enc1:${Buffer.alloc(40, 7).toString('base64url')}`} where id = ${webhook.id}`.execute(
      t.app.context.db,
    );
    await t.app.emit(t.businessId, 'booking.created', { bookingId: 1 });
    const [attempt] = await t.finished(webhook.id);
    assert.equal(attempt.deliveryStatus, 'failed');
    assert.equal(attempt.responseStatusCode, null);
    assert.equal(attempt.errorMessage, "not sent: the webhook secret cannot be decrypted with this server's secrets key");
    assert.equal(t.receiver.requests.length, 0);
    const after = await t.app.request('GET', `/v1/integration/webhooks/${webhook.id}`, { key: t.key });
    assert.equal(after.body.consecutiveFailures, 0, 'a send that never happened is not a failure of the receiver');
    assert.equal(after.body.status, 'active');
  });
});
