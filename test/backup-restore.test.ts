import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { workday } from './helpers/dates.ts';
import { tempDataDir } from './helpers/app.ts';
import { BookingStream } from './helpers/booking-stream.ts';
import { cli, cliAsync, cliHere, cliJson, startServeProcess } from './helpers/cli.ts';
import { Receiver } from './helpers/receiver.ts';
import { sleep } from './helpers/wait.ts';

const ENV = {
  BOOKING_ADMIN_TOKEN: 'backup-test-admin-token-000000000000',
  BOOKING_RATE_PER_MINUTE: '1000000',
  BOOKING_ALLOW_PRIVATE_TARGETS: 'true',
  BOOKING_LOG_LEVEL: 'warn',
};
const TABLES = [
  'businesses',
  'services',
  'staff',
  'staff_services',
  'clients',
  'bookings',
  'events',
  'deliveries',
  'delivery_attempts',
  'api_keys',
  'webhooks',
  'idempotency_keys',
  'settings',
  'kysely_migration',
];

function open(file: string): BetterSqlite3.Database {
  return new BetterSqlite3(file, { readonly: true, fileMustExist: true });
}

/** Every row of `table`, as sorted JSON lines: the same text for the same contents. */
function dump(db: BetterSqlite3.Database, table: string): string[] {
  return db
    .prepare(`select * from ${table}`)
    .all()
    .map((row) => JSON.stringify(row))
    .sort();
}

async function json(args: string[]): Promise<any> {
  const result = await cliHere([...args, '--json']);
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout);
}

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('booking-api backup and restore', () => {
  it('backs up a consistent snapshot while bookings pour in, and restores it into a new data dir', async (test) => {
    const data = tempDataDir();
    const { apiKey } = cliJson(['demo', '--data', data]);
    const receiver = await Receiver.start();
    let server = await startServeProcess(['--data', data], ENV);
    const work = tempDataDir();
    const file = path.join(work, 'salon.backup');
    try {
      assert.equal(mode(data), 0o700, 'the data dir is owner-only');
      for (const name of ['booking.db', 'booking.db-wal', 'booking.db-shm', 'server.lock']) {
        assert.equal(mode(path.join(data, name)), 0o600, `${name} is owner-only`);
      }
      const hook = await fetch(`${server.url}/v1/integration/webhooks`, {
        method: 'POST',
        headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ targetUrl: receiver.url(), events: ['booking.created', 'client.created'] }),
      });
      assert.equal(hook.status, 201);

      const stream = new BookingStream({
        url: () => server.url,
        apiKey,
        serviceId: 3,
        firstDate: workday(Date.now()),
        tag: 'backup',
      });
      let backupDone = false;
      let afterBackup = 0;
      const load = stream.run(() => backupDone && stream.created.size >= afterBackup, 3);
      // A stream that fails (its error thrown here) must not leave this loop waiting for ever.
      while (stream.created.size < 30) await Promise.race([sleep(10), load]);
      const atStart = stream.created.size;
      const result = await cliAsync(['backup', '--to', file, '--data', data, '--json']);
      const atEnd = stream.created.size;
      afterBackup = atEnd + 10;
      backupDone = true;
      await load;
      assert.equal(result.status, 0, result.stderr);
      const copy = JSON.parse(result.stdout);
      test.diagnostic(
        `backup of ${copy.bytes} bytes in ${copy.durationMs} ms; ${atEnd - atStart} bookings made while the backup command ran (process start included); ${stream.created.size} in all`,
      );
      assert.equal(copy.file, file);
      assert.equal(mode(file), 0o600, 'the backup is owner-only');
      assert.equal(fs.readFileSync(file).includes('whsec_'), false, 'no webhook secret in clear in the backup');
      assert.deepEqual(fs.readdirSync(work), ['salon.backup'], 'one file, no -wal or partial file beside it');
      assert.deepEqual(stream.serverErrors, []);

      // Not spawnSync: a blocked event loop would miss the server closing an idle keep-alive
      // connection, and the next fetch would go out on the closed socket ("other side closed").
      const refused = await cliAsync(['restore', '--from', file, '--data', data]);
      assert.equal(refused.status, 1);
      assert.equal(
        refused.stderr,
        `booking-api: a booking-api server is running on ${data}; stop it first, a restore never replaces the database under a running server\n`,
      );
      assert.equal((await fetch(`${server.url}/healthz`)).status, 200, 'the running server was left alone');

      server.child.kill('SIGTERM');
      await server.exited;

      // The snapshot: whole, and exactly the bookings committed up to one moment, with their events.
      const backup = open(file);
      const live = open(path.join(data, 'booking.db'));
      try {
        assert.equal(backup.pragma('integrity_check', { simple: true }), 'ok');
        assert.deepEqual(backup.pragma('foreign_key_check'), []);
        const ids = backup.prepare('select id from bookings order by id').pluck().all() as number[];
        const liveIds = live.prepare('select id from bookings order by id').pluck().all() as number[];
        assert.ok(ids.length >= atStart, `the backup has the ${atStart} bookings made before it started (${ids.length})`);
        assert.ok(liveIds.length > ids.length, 'bookings went on after the snapshot');
        assert.deepEqual(
          ids,
          liveIds.slice(0, ids.length),
          'the snapshot holds a prefix of the bookings: nothing from later, nothing missing',
        );
        const created = backup.prepare("select count(*) from events where event = 'booking.created'").pluck().get();
        assert.equal(created, ids.length, 'every booking has its booking.created event and no event is without its booking');
        const orphans = backup
          .prepare('select count(*) from deliveries d where not exists (select 1 from delivery_attempts a where a.delivery_pk = d.id)')
          .pluck()
          .get();
        assert.equal(orphans, 0, 'every delivery has its attempt');
        for (const id of ids.slice(0, 5).concat(ids.slice(-5))) {
          assert.deepEqual(
            backup.prepare('select * from bookings where id = ?').get(id),
            live.prepare('select * from bookings where id = ?').get(id),
          );
        }
      } finally {
        backup.close();
        live.close();
      }

      const restoredDir = path.join(tempDataDir(), 'restored');
      // The webhook secrets in the backup are encrypted with the key file of the data dir, which
      // is not in the backup: without it the restore is refused, saying which file it needs.
      const keyless = cli(['restore', '--from', file, '--data', restoredDir]);
      assert.equal(keyless.status, 1);
      assert.equal(
        keyless.stderr,
        `booking-api: the webhook secrets in ${file} are encrypted with a key file that is not here: ${path.join(restoredDir, 'secrets.key')}. ` +
          'Copy the secrets.key kept with the backup there (or point BOOKING_SECRETS_KEY_FILE to it), then restore again\n',
      );
      assert.equal(fs.existsSync(restoredDir), false, 'nothing was restored');
      const withKey = { BOOKING_SECRETS_KEY_FILE: path.join(data, 'secrets.key') };
      const restored = cliJson(['restore', '--from', file, '--data', restoredDir], withKey);
      assert.equal(restored.database, path.join(restoredDir, 'booking.db'));
      assert.equal(restored.previous, null);
      assert.equal(mode(restoredDir), 0o700);
      assert.equal(mode(restored.database), 0o600);
      const a = open(file);
      const b = open(restored.database);
      try {
        for (const table of TABLES) assert.deepEqual(dump(b, table), dump(a, table), `${table} restored as backed up`);
      } finally {
        a.close();
        b.close();
      }

      server = await startServeProcess(['--data', restoredDir], { ...ENV, ...withKey });
      const list = await fetch(`${server.url}/v1/integration/bookings?limit=1`, { headers: { 'X-API-Key': apiKey } });
      assert.equal(list.status, 200, 'the restored salon serves with its old key');
      const restoredCount = ((await list.json()) as { total: number }).total;
      const backupCount = open(file).prepare('select count(*) from bookings').pluck().get();
      assert.equal(restoredCount, backupCount);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await receiver.close();
    }
  });

  it('checks a file before restoring it and leaves the data dir alone when it is not a whole booking-api backup', async () => {
    const work = tempDataDir();
    const data = path.join(work, 'data');
    await json(['migrate', '--data', data]);
    const good = path.join(work, 'good.backup');
    await json(['backup', '--to', good, '--data', data]);

    const plain = path.join(work, 'plain.db');
    const other = new BetterSqlite3(plain);
    other.exec('create table notes (text text); insert into notes values (1)');
    other.close();
    const future = path.join(work, 'future.backup');
    fs.copyFileSync(good, future);
    const newer = new BetterSqlite3(future);
    newer.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999-from-the-future', new Date().toISOString());
    newer.close();
    const damaged = path.join(work, 'damaged.backup');
    const bytes = fs.readFileSync(good);
    bytes.fill(0x5a, 4096 * 3 + 8, 4096 * 3 + 200);
    fs.writeFileSync(damaged, bytes);
    const garbage = path.join(work, 'garbage.backup');
    const words = 'this is not a database at all, just words\n'.repeat(200);
    fs.writeFileSync(garbage, words);
    const empty = path.join(work, 'empty.backup');
    fs.writeFileSync(empty, '');

    const cases: Array<[string, RegExp]> = [
      [path.join(work, 'missing.backup'), /missing\.backup does not exist/],
      // A folder means its newest backup (booking-<time>.backup); this one has none.
      [work, /there is no backup in /],
      [garbage, /garbage\.backup is not a booking-api backup \(not a SQLite database\)/],
      [empty, /empty\.backup is a SQLite database, but not one of booking-api/],
      [plain, /plain\.db is a SQLite database, but not one of booking-api/],
      [future, /future\.backup was made by a newer booking-api \(it has migration 9999-from-the-future\)/],
      [damaged, /damaged\.backup is damaged/],
    ];
    for (const [from, message] of cases) {
      const target = path.join(work, `target-${path.basename(from)}`);
      const result = await cliHere(['restore', '--from', from, '--data', target]);
      assert.equal(result.status, 1, `${from}: ${result.stderr}`);
      assert.match(result.stderr, message);
      assert.equal(result.stderr.trim().split('\n').length, 1, `one line: ${result.stderr}`);
      assert.equal(fs.existsSync(target), false, `${from}: the data dir was not even created`);
    }
    assert.equal(fs.readFileSync(garbage, 'utf8'), words, "the salon's file was only read");
    assert.deepEqual(
      fs.readdirSync(work).filter((f) => /-(wal|shm)$|partial/.test(f)),
      [],
      'no -wal, -shm or partial files left beside them',
    );
  });

  it('replaces an existing database only with --force, keeping the one it replaces', async () => {
    const work = tempDataDir();
    const first = path.join(work, 'first');
    const second = path.join(work, 'second');
    await json(['businesses', 'create', '--name', 'First Salon', '--data', first]);
    await json(['businesses', 'create', '--name', 'Second Salon', '--data', second]);
    const backup = path.join(work, 'first.backup');
    await json(['backup', '--to', backup, '--data', first]);
    const again = await cliHere(['backup', '--to', backup, '--data', first]);
    assert.equal(again.status, 1);
    assert.match(again.stderr, /first\.backup already exists; add --force to replace it/);
    const forcedBackup = await cliHere(['backup', '--to', backup, '--data', first, '--force']);
    assert.equal(forcedBackup.status, 0);
    assert.match(
      forcedBackup.stdout,
      new RegExp(`webhook secrets are encrypted with ${path.join(first, 'secrets.key')}, which is not in the backup`),
    );

    const refused = await cliHere(['restore', '--from', backup, '--data', second]);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /already holds a database; add --force/);
    assert.equal((await json(['businesses', 'list', '--data', second]))[0].name, 'Second Salon', 'untouched');

    const forced = await json(['restore', '--from', backup, '--data', second, '--force']);
    assert.equal(forced.previous, path.join(second, 'booking.db.before-restore'));
    assert.equal((await json(['businesses', 'list', '--data', second]))[0].name, 'First Salon');
    const kept = open(forced.previous);
    assert.equal(kept.prepare('select name from businesses').pluck().get(), 'Second Salon', 'the replaced database is kept');
    kept.close();
    assert.equal(mode(forced.previous), 0o600);
  });
});
