import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import type { TestApp, Reply } from './helpers/app.ts';
import { cli, BIN } from './helpers/cli.ts';
import { NODE_FLAGS } from '../src/node-flags.mjs';
import { captureLogs } from './helpers/log-capture.ts';
import { admin, bookingBody, MONDAY } from './helpers/salon.ts';
import { eventually } from './helpers/wait.ts';
import { tempDataDir } from './helpers/app.ts';
import { useReceiver, useSalon } from './helpers/suite.ts';

const TABLES = [
  'businesses',
  'services',
  'staff',
  'clients',
  'bookings',
  'events',
  'deliveries',
  'delivery_attempts',
  'idempotency_keys',
  'webhooks',
] as const;

async function rowCounts(app: TestApp): Promise<Record<(typeof TABLES)[number], number>> {
  const counts = {} as Record<(typeof TABLES)[number], number>;
  for (const table of TABLES) {
    const row = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(app.context.db);
    counts[table] = row.rows[0]!.n;
  }
  return counts;
}

/**
 * Runs the database out of space: SQLite may use no page beyond those it has now, as on a disk
 * with no room left. Writes that fit in the free space of existing pages still succeed, as they
 * would on a real full disk; anything that needs a new page gets SQLITE_FULL. Returns how to give
 * the space back.
 */
async function fillDisk(app: TestApp): Promise<() => Promise<void>> {
  const maxPages = (pages: number) => sql`pragma max_page_count = ${sql.lit(pages)}`.execute(app.context.database.db);
  await maxPages(1);
  return async () => void (await maxPages(1_000_000_000));
}

/** Makes requests from `next` until one is refused (at most `tries`); returns it with the row counts just before it. */
async function untilRefused(app: TestApp, tries: number, next: (i: number) => Promise<Reply>) {
  for (let i = 0; i < tries; i++) {
    const before = await rowCounts(app);
    const reply = await next(i);
    if (reply.status >= 300) return { reply, before, i };
  }
  throw new Error(`still accepted after ${tries} writes`);
}

describe('a full disk', () => {
  const logs = captureLogs('info');
  const { app, salon } = useSalon({ logger: logs.logger, config: { retryDelays: [0] } });
  const receiver = useReceiver();

  it('refuses writes with 503 storage_full, keeps reading, half-writes nothing, and recovers without a restart', async (test) => {
    await app.webhook(salon.key, receiver.url('/full'), ['booking.created', 'client.created']);
    const give = await fillDisk(app);
    let booking: unknown;
    let headers: Record<string, string> = {};
    // Bookings with long notes, one after another, until the space inside the pages is used up too.
    const refused = await untilRefused(app, 40, async (i) => {
      const slots = await app.request('GET', `/v1/integration/slots?serviceId=${salon.haircut}&date=${MONDAY}`, { key: salon.key });
      booking = bookingBody(salon.haircut, slots.body.data[0].startTime, {
        client: { name: `Full ${i}`, email: `full${i}@example.com` },
        notes: 'n'.repeat(2000),
      });
      headers = { 'Idempotency-Key': `full-disk-${i}` };
      return app.request('POST', '/v1/integration/bookings', { key: salon.key, body: booking, headers });
    });
    const { reply, before } = refused;
    assert.equal(reply.status, 503, reply.text);
    assert.equal(reply.body.code, 'storage_full');
    assert.match(reply.body.message, /disk is full.*Reading still works/);
    assert.equal(reply.headers.get('retry-after'), '60');
    assert.equal(reply.body.requestId, reply.headers.get('x-request-id'));
    assert.doesNotMatch(reply.text, /SQLITE|sqlite|INSERT|\bat /);
    assert.deepEqual(await rowCounts(app), before, 'no booking, client, event, delivery or idempotency row was half-written');
    const again = await app.request('POST', '/v1/integration/bookings', { key: salon.key, body: booking, headers });
    assert.equal(again.status, 503, 'still full: the same request is refused the same way');

    const services = await untilRefused(app, 40, (i) =>
      admin(app, 'POST', `${salon.base}/services`, {
        name: `Treatment ${i}`,
        description: 'd'.repeat(1000),
        durationMinutes: 15,
        price: 900,
      }),
    );
    assert.equal(services.reply.status, 503, services.reply.text);
    assert.equal(services.reply.body.code, 'storage_full');
    assert.deepEqual(await rowCounts(app), services.before);

    for (const path of [
      '/v1/integration/bookings',
      '/v1/integration/services',
      '/v1/integration/business',
      `/v1/integration/slots?serviceId=${salon.haircut}&date=${MONDAY}`,
    ]) {
      const read = await app.request('GET', path, { key: salon.key });
      assert.equal(read.status, 200, `${path} still reads: ${read.text}`);
    }
    assert.equal((await app.request('GET', '/healthz')).status, 200);
    assert.equal((await admin(app, 'GET', '/status')).status, 200);

    await give();
    const accepted = await app.request('POST', '/v1/integration/bookings', { key: salon.key, body: booking, headers });
    assert.equal(accepted.status, 201, `the same request succeeds once space is back: ${accepted.text}`);
    assert.equal(accepted.headers.get('idempotent-replayed'), null, 'the refusal was not stored as the answer');
    const after = await rowCounts(app);
    assert.equal(after.bookings, before.bookings + 1);
    assert.equal(after.clients, before.clients + 1);
    assert.equal(after.events, before.events + 2, 'booking.created and client.created');
    assert.equal(after.delivery_attempts, before.delivery_attempts + 2);
    // Every delivery committed before, during and after the full disk reaches the receiver (the only webhook).
    await eventually(() =>
      new Set(receiver.requests.map((r) => r.headers['x-webhook-delivery'])).size === after.deliveries ? true : undefined,
    );
    test.diagnostic(`refused booking ${refused.i + 1} and service ${services.i + 1} once full; ${after.deliveries} deliveries all arrived`);
  });

  it('keeps delivery results while the disk is full and records them once space is back', async () => {
    receiver.requests.splice(0);
    // Slow answers with 1 KiB bodies: the results arrive after the disk is full, and recording them needs space.
    receiver.handle((_, i) => ({ status: 200, delayMs: 300, body: `${i}`.padEnd(1024, '.') }));
    const businessId = salon.businessId;
    const key = (await admin(app, 'POST', `${salon.base}/keys`, { name: 'hooks', scopes: ['webhooks:manage'] }, 201)).body.key;
    const webhook = await app.webhook(key, receiver.url('/slow'), ['review.created']);
    for (let i = 0; i < 12; i++) await app.emit(businessId, 'review.created', { reviewId: i });
    await receiver.waitFor(1);
    const give = await fillDisk(app);

    await receiver.waitFor(12);
    await eventually(() => (app.context.engine.inFlight === 0 ? true : undefined));
    await eventually(
      () => (logs.text().includes('delivery loop could not reach the database') ? true : undefined),
      5_000,
      'the engine to hit the full disk',
    );
    const stuck = await app.history(key, webhook.id);
    assert.ok(
      stuck.some((a) => a.deliveryStatus === 'pending'),
      'some results could not be written yet',
    );

    await give();
    const history = await eventually(
      async () => {
        const h = await app.history(key, webhook.id);
        return h.length === 12 && h.every((a) => a.deliveryStatus === 'success') ? h : undefined;
      },
      5_000,
      'every result recorded',
    );
    assert.ok(history.every((a) => a.responseBodyExcerpt?.length === 1024));
    assert.equal(receiver.requests.length, 12, 'nothing was sent twice: the results were kept, not the sends repeated');
  });
});

describe('a read-only data dir at start', () => {
  it('stops with one clear line and exit code 1', (test) => {
    const parent = tempDataDir();
    const data = path.join(parent, 'data');
    fs.mkdirSync(data);
    const env = { BOOKING_ADMIN_TOKEN: 'read-only-admin-token-0000000000000' };
    let result;
    if (process.getuid?.() !== 0) {
      fs.chmodSync(data, 0o500);
      result = cli(['serve', '--port', '0', '--data', data], env);
      fs.chmodSync(data, 0o700);
    } else {
      // Root ignores file permissions, so the folder is made read-only for real: a read-only bind
      // mount in a mount namespace of the child's own, gone when it exits.
      const probe = spawnSync('unshare', ['-m', 'true']);
      if (probe.status !== 0) return test.skip('running as root without the right to make a mount namespace');
      const run = spawnSync(
        'unshare',
        [
          '-m',
          '--propagation',
          'private',
          'sh',
          '-c',
          'mount --bind -o ro "$0" "$0" && exec "$@"',
          data,
          process.execPath,
          ...NODE_FLAGS,
          BIN,
          'serve',
          '--port',
          '0',
          '--data',
          data,
        ],
        { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env }, timeout: 30_000 },
      );
      result = { status: run.status, stdout: run.stdout, stderr: run.stderr };
    }
    assert.equal(result.status, 1, result.stderr);
    assert.equal(
      result.stderr,
      `booking-api: the data directory ${data} is not writable (${process.getuid?.() === 0 ? 'EROFS' : 'EACCES'})\n`,
    );
    assert.equal(result.stdout, '');
    assert.deepEqual(fs.readdirSync(data), [], 'nothing was created');
  });
});

describe('a database that turns read-only while serving', () => {
  const { app, salon } = useSalon();

  it('refuses writes with 503 storage_read_only, keeps reading, and writes again once writable', async () => {
    // SQLite answers every write with SQLITE_READONLY while query_only is on, as it does when the
    // file or its disk becomes read-only under a running server.
    await sql`PRAGMA query_only = ON`.execute(app.context.db);
    const body = { name: 'Beard trim', durationMinutes: 15, price: 900 };
    const refused = await admin(app, 'POST', `${salon.base}/services`, body);
    assert.equal(refused.status, 503, refused.text);
    assert.equal(refused.body.code, 'storage_read_only');
    assert.match(refused.body.message, /read-only.*Reading still works/);
    assert.equal(refused.headers.get('retry-after'), '60');
    assert.doesNotMatch(refused.text, /SQLITE|sqlite|INSERT/);
    assert.equal((await app.request('GET', '/v1/integration/services', { key: salon.key })).status, 200);

    await sql`PRAGMA query_only = OFF`.execute(app.context.db);
    assert.equal((await admin(app, 'POST', `${salon.base}/services`, body)).status, 201);
  });
});
