import { MIGRATIONS } from '../src/db/migrate.ts';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cliAsync, startServeProcess } from './helpers/cli.ts';
import { ADMIN_TOKEN, TestApp, tempDataDir, tempSecretsKeyFile } from './helpers/app.ts';
import { checkCacheInTransaction } from './helpers/cache-in-transaction.ts';
import { TestClock } from './helpers/clock.ts';
import { skipWithoutPostgres, startPostgres, type TestPostgres } from './helpers/postgres.ts';
import { admin, bookingBody, makeSalon, TEST_NOW } from './helpers/salon.ts';
import { openPostgres } from '../src/db/postgres/connection.ts';
import { openDatabase } from '../src/db/sqlite/connection.ts';
import { prepared } from '../src/db/prepared.ts';
import { storageFailureOf } from '../src/db/errors.ts';
import { toAppError } from '../src/http/request-context.ts';

/** What booking-api does on PostgreSQL that the SQLite suites cannot show: set-up failures, several servers starting at once, outages. */
describe('PostgreSQL', { skip: skipWithoutPostgres() }, () => {
  let pg: TestPostgres;
  before(async () => {
    pg = await startPostgres();
  });
  after(() => pg?.stop());

  const env = (url: string) => ({ BOOKING_DATABASE_URL: url, BOOKING_ADMIN_TOKEN: ADMIN_TOKEN });
  const oneLine = (stderr: string) =>
    stderr
      .trim()
      .split('\n')
      .filter((line) => !line.includes('ExperimentalWarning'));

  it('runs every command on the database the URL names, and never prints the password', async () => {
    const url = await pg.createDatabase('cli');
    const data = tempDataDir();
    const migrated = await cliAsync(['migrate', '--data', data], env(url));
    assert.equal(migrated.status, 0, migrated.stderr);
    assert.match(migrated.stdout, /postgres:\/\/booking:\*\*\*@127\.0\.0\.1:\d+\/cli is up to date/);
    const business = await cliAsync(
      ['businesses', 'create', '--name', 'Salon PG', '--timezone', 'Europe/Berlin', '--json', '--data', data],
      env(url),
    );
    assert.equal(business.status, 0, business.stderr);
    const key = await cliAsync(
      ['keys', 'create', '--business', '1', '--name', 'Widget', '--preset', 'display', '--json', '--data', data],
      env(url),
    );
    assert.equal(key.status, 0, key.stderr);
    const { key: value, id } = JSON.parse(key.stdout);

    // The flag works as well as the variable, for every command.
    const listed = await cliAsync(['businesses', 'list', '--json', '--database-url', url, '--data', data], {
      BOOKING_ADMIN_TOKEN: ADMIN_TOKEN,
    });
    assert.equal(listed.status, 0, listed.stderr);
    assert.equal(JSON.parse(listed.stdout)[0].name, 'Salon PG');

    const server = await startServeProcess(['--data', data], env(url));
    try {
      const ask = () => fetch(`${server.url}/v1/integration/services`, { headers: { 'X-API-Key': value } });
      assert.equal((await ask()).status, 200);
      // A key revoked by the CLI is refused by the running server within a second (LISTEN/NOTIFY).
      const revoked = await cliAsync(['keys', 'revoke', String(id), '--data', data], env(url));
      assert.equal(revoked.status, 0, revoked.stderr);
      const deadline = Date.now() + 1000;
      let status = 0;
      while (Date.now() < deadline && (status = (await ask()).status) !== 401) await new Promise((r) => setTimeout(r, 20));
      assert.equal(status, 401);
      // The status page says which engine and how big, with the password masked.
      const page = await fetch(`${server.url}/admin/api/status`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
      const body = (await page.json()) as { databaseEngine: string; databaseBytes: number; database: string };
      assert.equal(body.databaseEngine, 'postgres');
      assert.ok(body.databaseBytes > 1_000_000, String(body.databaseBytes));
      assert.match(body.database, /^postgres:\/\/booking:\*\*\*@/);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    const { stdout, stderr } = server.output();
    assert.ok(!`${stdout}${stderr}${migrated.stdout}${migrated.stderr}`.includes(pg.password), 'the password was printed');
  });

  it('starts three servers at once on an empty database: the tables are made once, and all three serve', async () => {
    const url = await pg.createDatabase('three_at_once');
    const shared = { ...env(url), BOOKING_SECRETS_KEY_FILE: tempSecretsKeyFile() };
    const servers = await Promise.all([0, 1, 2].map(() => startServeProcess(['--data', tempDataDir()], shared)));
    try {
      for (const server of servers) {
        const health = await fetch(`${server.url}/healthz`);
        assert.equal(health.status, 200, `${server.url}: ${await health.text()}`);
      }
      const { default: pgDriver } = await import('pg');
      const client = new pgDriver.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ name: string; runs: string }>(
          'select name, count(*) as runs from kysely_migration group by name order by name',
        );
        assert.deepEqual(
          rows.map((r) => [r.name, Number(r.runs)]),
          MIGRATIONS.map((name) => [name, 1]),
        );
      } finally {
        await client.end();
      }
      // A fourth with a secrets key of its own could not open the others' webhook secrets: refused.
      const stranger = await cliAsync(['serve', '--port', '0', '--data', tempDataDir()], env(url));
      assert.equal(stranger.status, 1, stranger.stderr);
      assert.equal(oneLine(stranger.stderr).length, 1, stranger.stderr);
      assert.match(stranger.stderr, /not the key the other servers on this database use for webhook secrets/);
    } finally {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((server) => server.exited));
    }
  });

  it('refuses a malformed URL, an unreachable server, a refused login and backups with one clear line, exit 1', async () => {
    const data = tempDataDir();
    const secret = 'very-secret-pw';
    const cases: Array<[string, RegExp]> = [
      ['not a url', /BOOKING_DATABASE_URL must be a URL like postgres:\/\//],
      [`mysql://booking:${secret}@127.0.0.1/x`, /must start with postgres:\/\//],
      [`postgres://booking:${secret}@127.0.0.1:${pg.port}`, /must name a database/],
      [
        `postgres://booking:${secret}@127.0.0.1:1/booking`,
        /cannot reach PostgreSQL at postgres:\/\/booking:\*\*\*@127\.0\.0\.1:1\/booking \(ECONNREFUSED\)/,
      ],
      [
        `postgres://booking:${secret}@127.0.0.1:${pg.port}/booking`,
        /PostgreSQL at postgres:\/\/booking:\*\*\*@127\.0\.0\.1:\d+\/booking refused the login/,
      ],
    ];
    for (const [i, [url, expected]] of cases.entries()) {
      // Every case through migrate; the refused login through serve and keys too (process starts are slow).
      const commands = i === cases.length - 1 ? [['migrate'], ['serve', '--port', '0'], ['keys', 'list']] : [['migrate']];
      for (const command of commands) {
        const result = await cliAsync([...command, '--data', data], env(url));
        assert.equal(result.status, 1, `${command[0]} ${url}: ${result.stderr}`);
        assert.equal(oneLine(result.stderr).length, 1, result.stderr);
        assert.match(result.stderr, expected);
        assert.ok(!result.stderr.includes(secret), result.stderr);
      }
    }
    // Without pg_dump on PATH (with it: test/postgres-backup.test.ts).
    const backup = await cliAsync(['backup', '--to', `${data}/copy.db`, '--data', data], { ...env(pg.url), PATH: data });
    assert.equal(backup.status, 1);
    assert.match(backup.stderr, /PostgreSQL .* back it up with pg_dump and restore it with pg_restore.*; pg_dump is not on PATH/);
    assert.ok(!backup.stderr.includes(pg.password));
  });

  it('runs the same prepared statement on SQLite and on PostgreSQL in one process (copy-to-postgres, the bench)', async () => {
    // Each engine compiles its own SQL (`?` or `$1`): SQLite's first, then PostgreSQL's, then SQLite's again.
    const named = prepared<{ name: string }, { id: number }>((qb, p) =>
      qb.selectFrom('businesses').select('id').where('name', '=', p.name),
    );
    const onSqlite = await openDatabase(tempDataDir());
    const onPostgres = await openPostgres(await pg.createDatabase('both_engines'));
    try {
      for (const database of [onSqlite, onPostgres, onSqlite]) {
        const { rows } = await named(database.db, { name: 'Nobody' });
        assert.deepEqual(rows, [], database.engine);
      }
    } finally {
      await onSqlite.close();
      await onPostgres.close();
    }
  });

  it("inside a transaction, a cache sees the transaction's own writes and their undoing, though the versions are read once", async () => {
    const database = await openPostgres(await pg.createDatabase('cache_in_transaction'));
    try {
      await checkCacheInTransaction(database);
    } finally {
      await database.close();
    }
  });

  it('says the database is busy, not unreachable, when every connection of the pool stays in use too long', async () => {
    const database = await openPostgres(await pg.createDatabase('pool_busy'), { poolSize: 1, connectTimeoutMs: 300 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The pool's one connection, held by a transaction that waits.
    const holding = database.transaction(async (trx) => {
      await trx.selectFrom('businesses').select('id').execute();
      await held;
    });
    try {
      const waited = await database.db
        .selectFrom('businesses')
        .select('id')
        .execute()
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      assert.ok(waited instanceof Error, 'the second query should have waited past the timeout');
      assert.equal(storageFailureOf(waited), 'busy', (waited as Error).message);
      const answer = toAppError(waited);
      assert.equal(answer.status, 503);
      assert.equal(answer.code, 'storage_busy');
      assert.equal(answer.headers['Retry-After'], '1');
    } finally {
      release();
      await holding;
      await database.close();
    }
  });

  it('answers 503 storage_unavailable while PostgreSQL is down, recovers by itself, and loses nothing answered 201', async () => {
    const clock = new TestClock(TEST_NOW);
    const app = await TestApp.start({ clock, config: { databaseUrl: await pg.createDatabase('outage') } });
    try {
      const salon = await makeSalon(app);
      const book = (hour: number) =>
        app.request('POST', '/v1/integration/bookings', {
          key: salon.key,
          body: bookingBody(salon.haircut, `2026-11-23T${String(hour).padStart(2, '0')}:00:00+01:00`, { staffId: salon.anna }),
        });
      const created: number[] = [];
      for (const hour of [9, 10]) {
        const reply = await book(hour);
        assert.equal(reply.status, 201, reply.text);
        created.push(reply.body.id);
      }

      await pg.stop();
      const down = await book(11);
      assert.equal(down.status, 503, down.text);
      assert.equal(down.body.code, 'storage_unavailable');
      assert.ok(Number(down.headers.get('retry-after')) >= 1);
      const reading = await app.request('GET', '/v1/integration/bookings', { key: salon.key });
      assert.equal(reading.status, 503);

      await pg.restart();
      let again = await book(11);
      for (let i = 0; again.status === 503 && i < 50; i++) {
        await new Promise((r) => setTimeout(r, 100));
        again = await book(11);
      }
      assert.equal(again.status, 201, again.text);
      created.push(again.body.id);

      const listed = await app.request('GET', '/v1/integration/bookings?limit=100', { key: salon.key });
      assert.equal(listed.status, 200, listed.text);
      assert.deepEqual(listed.body.data.map((b: { id: number }) => b.id).sort(), created.sort());
      // The caches work again too: a change through the admin API is seen at once.
      await admin(app, 'PATCH', `${salon.base}/services/${salon.haircut}`, { name: 'Cut' }, 200);
      const services = await app.request('GET', '/v1/integration/services', { key: salon.key });
      assert.ok(
        services.body.data.some((s: { name: string }) => s.name === 'Cut'),
        services.text,
      );
    } finally {
      await app.stop();
    }
  });
});
