import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { specSignature } from '../src/delivery/signing.ts';
import { tempDataDir } from './helpers/app.ts';
import { BookingStream } from './helpers/booking-stream.ts';
import { cliAsync, cliJson, startServeProcess } from './helpers/cli.ts';
import { workday } from './helpers/dates.ts';
import { Receiver } from './helpers/receiver.ts';
import { eventually } from './helpers/wait.ts';

/*
 * Issue 28, done when: a backup appears on the schedule while bookings are being written and
 * restores to exactly the rows committed before it started, carrying what the webhook secrets
 * need; a SIGKILL in the middle of a backup leaves no file that counts as good, and the next run
 * succeeds. Real `booking-api serve` processes, a real backup folder, the real restore command.
 */

const TOKEN = 'backup-schedule-admin-token-00000000000';
const ENV = {
  BOOKING_ADMIN_TOKEN: TOKEN,
  BOOKING_RATE_PER_MINUTE: '1000000',
  BOOKING_ALLOW_PRIVATE_TARGETS: 'true',
  BOOKING_LOG_LEVEL: 'warn',
};

async function admin(url: string, method: string, route: string, body?: unknown): Promise<any> {
  const reply = await fetch(`${url}/admin/api${route}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.equal(reply.status, 200, `${method} ${route}: ${reply.status}`);
  return reply.json();
}

function open(file: string): BetterSqlite3.Database {
  return new BetterSqlite3(file, { readonly: true, fileMustExist: true });
}

function rows(db: BetterSqlite3.Database, table: string): string[] {
  return db
    .prepare(`select * from ${table} order by id`)
    .all()
    .map((row) => JSON.stringify(row));
}

describe('scheduled backups', () => {
  it('takes a backup on the schedule while bookings are written; it restores to exactly what was committed before it, secrets key included', async () => {
    const data = path.join(tempDataDir(), 'data');
    const folder = tempDataDir();
    const { apiKey } = cliJson(['demo', '--data', data]);
    const receiver = await Receiver.start();
    const env = { ...ENV, BOOKING_BACKUP_SCHEDULE: '*/2 * * * * *', BOOKING_BACKUP_DIR: folder };
    let server = await startServeProcess(['--data', data], env);
    try {
      const hook = await fetch(`${server.url}/v1/integration/webhooks`, {
        method: 'POST',
        headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ targetUrl: receiver.url(), events: ['booking.created'] }),
      });
      assert.equal(hook.status, 201);
      const webhook = (await hook.json()) as { id: number; secret: string };

      const stream = new BookingStream({ url: () => server.url, apiKey, serviceId: 3, firstDate: workday(Date.now()), tag: 'scheduled' });
      let stop = false;
      const load = stream.run(() => stop, 3);
      // A scheduled backup that started once bookings were coming in, and more came after it.
      // Kept by a hard link the moment it is found: the next scheduled backups (every 2 s) make it
      // one the retention may delete, while the test waits for more bookings on a slow machine.
      const kept = path.join(tempDataDir(), 'kept.backup');
      const run = await eventually(
        async () => {
          const { runs } = await admin(server.url, 'GET', '/backups');
          const found = runs.find((r: any) => r.reason === 'schedule' && r.status === 'good' && r.bookings >= 10);
          if (!found) return undefined;
          try {
            fs.linkSync(found.file, kept);
          } catch {
            return undefined; // deleted since: the next one will do
          }
          return found;
        },
        30_000,
        'a scheduled backup with bookings in it',
      );
      const madeBefore = stream.created.size;
      await eventually(() => (stream.created.size >= madeBefore + 10 ? true : undefined), 20_000, 'bookings after the backup');
      stop = true;
      await load;
      assert.deepEqual(stream.serverErrors, []);
      const { code } = await admin(server.url, 'GET', '/backups');
      assert.match(code, /^[2-9A-Z]{5}(-[2-9A-Z]{5}){5}$/, 'the page shows the backup code');
      server.child.kill('SIGTERM');
      await server.exited;

      assert.equal(path.dirname(run.file), folder);
      assert.match(path.basename(run.file), /^booking-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\.backup$/);
      const sealed = fs.readFileSync(kept);
      assert.equal(sealed.includes('whsec_'), false, 'no webhook secret in the file');
      assert.equal(sealed.includes('@example.com'), false, 'no client data in clear in the file');
      assert.equal(sealed.includes(Buffer.from('SQLite format 3')), false, 'the database is not in it in clear');
      assert.equal(fs.statSync(kept).mode & 0o777, 0o600);

      // Restored into a new data dir with no secrets key: the backup brings its own.
      const restoredDir = path.join(tempDataDir(), 'restored');
      const restored = cliJson(['restore', '--from', kept, '--data', restoredDir], { BOOKING_BACKUP_PASSPHRASE: code.toLowerCase() });
      assert.equal(restored.bookings, run.bookings);
      assert.equal(restored.takenAt, run.startedAt);
      assert.equal(restored.secretsKey.file, path.join(restoredDir, 'secrets.key'));
      assert.deepEqual(fs.readFileSync(restored.secretsKey.file), fs.readFileSync(path.join(data, 'secrets.key')));

      const back = open(path.join(restoredDir, 'booking.db'));
      const live = open(path.join(data, 'booking.db'));
      try {
        const ids = back.prepare('select id from bookings order by id').pluck().all() as number[];
        const liveIds = live.prepare('select id from bookings order by id').pluck().all() as number[];
        assert.equal(ids.length, run.bookings, 'as many bookings as the run recorded');
        assert.ok(liveIds.length >= ids.length + 10, 'bookings went on after the backup');
        for (const table of ['bookings', 'clients', 'events', 'deliveries', 'delivery_attempts']) {
          const backed = rows(back, table);
          if (table === 'bookings' || table === 'events') {
            assert.deepEqual(
              backed,
              rows(live, table).slice(0, backed.length),
              `${table}: a prefix of the live rows, nothing later, nothing missing`,
            );
          } else {
            const liveRows = new Set(rows(live, table));
            // Deliveries and attempts change after they are sent; their ids are a prefix.
            const liveIdsOf = (db: BetterSqlite3.Database) => db.prepare(`select id from ${table} order by id`).pluck().all();
            assert.deepEqual(liveIdsOf(back), liveIdsOf(live).slice(0, backed.length), `${table}: a prefix of the live ids`);
            if (table === 'clients')
              assert.ok(
                backed.every((row) => liveRows.has(row)),
                'clients as they were',
              );
          }
        }
        const created = back.prepare("select count(*) from events where event = 'booking.created'").pluck().get();
        assert.equal(created, ids.length, 'each booking with its event, no event without its booking');
      } finally {
        back.close();
        live.close();
      }

      // The restored salon signs with the webhook's secret as it was: its key came with the backup.
      server = await startServeProcess(['--data', restoredDir], ENV);
      const before = receiver.requests.length;
      const ping = await fetch(`${server.url}/v1/integration/webhooks/${webhook.id}/ping`, {
        method: 'POST',
        headers: { 'X-API-Key': apiKey },
      });
      assert.equal(ping.status, 200, await ping.text());
      // The restored database may still owe booking deliveries, sent beside the ping: found by its event.
      const delivered = await eventually(
        () => receiver.requests.slice(before).find((request) => request.headers['x-webhook-event'] === 'webhook.ping'),
        20_000,
        'the ping from the restored salon',
      );
      assert.equal(delivered.headers['x-webhook-signature'], specSignature(webhook.secret, delivered.body));
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await receiver.close();
    }
  });

  it('leaves no file that counts as good when killed mid-backup, and the next run succeeds', async () => {
    const data = path.join(tempDataDir(), 'data');
    const folder = tempDataDir();
    cliJson(['demo', '--data', data]);
    // About 100 MB of clients, so a backup takes long enough to be cut short in the middle.
    const db = new BetterSqlite3(path.join(data, 'booking.db'));
    const insert = db.prepare(
      'insert into clients (business_id, name, email, email_normalized, phone, notes, created_at, updated_at) values (1, ?, null, null, null, ?, 0, 0)',
    );
    db.transaction(() => {
      for (let i = 0; i < 100_000; i++) insert.run(`Filler ${i}`, randomBytes(500).toString('base64'));
    })();
    db.close();
    const env = { ...ENV, BOOKING_BACKUP_SCHEDULE: 'off', BOOKING_BACKUP_DIR: folder };
    let server = await startServeProcess(['--data', data], env);
    try {
      // Killed once the sealed file is being written to the backup disk, before it is read back and named.
      void fetch(`${server.url}/admin/api/backups`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}` } }).catch(
        () => undefined,
      );
      const written = await eventually(() => fs.readdirSync(folder)[0], 60_000, 'the backup being written');
      server.child.kill('SIGKILL');
      await server.exited;
      assert.deepEqual(fs.readdirSync(folder), [written]);
      assert.match(written, /^booking-.*\.backup\.partial$/, 'a partial file, which no listing counts');
      const none = await cliAsync(['restore', '--from', folder, '--data', path.join(tempDataDir(), 'x')], {
        BOOKING_BACKUP_PASSPHRASE: 'x',
      });
      assert.equal(none.status, 1);
      assert.match(none.stderr, /there is no backup in /);

      server = await startServeProcess(['--data', data], env);
      const status = await admin(server.url, 'GET', '/backups');
      assert.equal(status.lastGood, null, 'nothing counts as good');
      assert.ok(status.warnings.some((w: any) => w.code === 'no_backup'));
      const next = await admin(server.url, 'POST', '/backups');
      assert.equal(next.status, 'good', next.error);
      assert.deepEqual(fs.readdirSync(folder), [path.basename(next.file)], 'the partial file was cleared');
      assert.deepEqual(
        fs.readdirSync(data).filter((name) => name.startsWith('.backup-snapshot')),
        [],
        'no copy left in the data dir',
      );
      assert.equal(next.bookings, 0);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
