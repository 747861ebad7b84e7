import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { cliAsync, startServeProcess } from './helpers/cli.ts';
import { tempDataDir } from './helpers/app.ts';
import { skipWithoutPostgres, startPostgres, type TestPostgres } from './helpers/postgres.ts';
import { NOWHERE, Receiver } from './helpers/receiver.ts';
import { workday } from './helpers/dates.ts';

/** `booking-api copy-to-postgres`: a salon's SQLite data dir moved into PostgreSQL, on a real cluster. */
describe('copy-to-postgres', { skip: skipWithoutPostgres() }, () => {
  let cluster: TestPostgres;
  before(async () => {
    cluster = await startPostgres();
  });
  after(() => cluster?.stop());

  const sqliteEnv = { BOOKING_ALLOW_PRIVATE_TARGETS: 'true', BOOKING_RETRY_DELAYS: '0,3' };
  const lines = (stderr: string) =>
    stderr
      .trim()
      .split('\n')
      .filter((line) => line && !line.includes('ExperimentalWarning'));
  const stop = async (server: Awaited<ReturnType<typeof startServeProcess>>) => {
    server.child.kill('SIGTERM');
    await server.exited;
  };

  it('copies a demo salon: the server on PostgreSQL serves the same data, keys and admin token, and delivers what was pending', async () => {
    const data = tempDataDir();
    const demo = await cliAsync(['demo', '--json', '--data', data], sqliteEnv);
    assert.equal(demo.status, 0, demo.stderr);
    const { apiKey } = JSON.parse(demo.stdout) as { apiKey: string };
    const receiver = await Receiver.start(() => ({ status: 500, body: 'not yet' }));
    try {
      // On SQLite: a webhook, a booking, and its delivery failing once, so a retry is pending. It
      // is due in an hour, so it cannot fire before this server stops, however slow the machine
      // (it was due in 3 s once, and a loaded CI machine delivered it here first).
      const onSqlite = await startServeProcess(['--data', data], { ...sqliteEnv, BOOKING_RETRY_DELAYS: '0,3600' });
      const api = (base: string, method: string, route: string, body?: unknown) =>
        fetch(`${base}/v1/integration${route}`, {
          method,
          headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      let webhook: { id: number; secret: string };
      let booking: { id: number; startTime: string };
      let services: unknown;
      let adminToken: string;
      try {
        // Made on first start, shown once: stored (hashed) in the database.
        adminToken = /Admin token, shown only this once.*\n\n {4}(\S+)\n/.exec(onSqlite.output().stderr)![1]!;
        const created = await api(onSqlite.url, 'POST', '/webhooks', { targetUrl: receiver.url('/hook'), events: ['booking.created'] });
        assert.equal(created.status, 201);
        webhook = (await created.json()) as typeof webhook;
        const slots = (await (await api(onSqlite.url, 'GET', `/slots?serviceId=1&date=${workday(Date.now())}`)).json()) as {
          data: Array<{ startTime: string }>;
        };
        const made = await api(onSqlite.url, 'POST', '/bookings', {
          serviceId: 1,
          startTime: slots.data[0]!.startTime,
          client: { name: 'Ada', email: 'ada@example.com' },
        });
        assert.equal(made.status, 201);
        booking = (await made.json()) as typeof booking;
        services = await (await api(onSqlite.url, 'GET', '/services')).json();
        await receiver.waitFor(1);
      } finally {
        await stop(onSqlite);
      }
      assert.equal(receiver.requests.length, 1, 'the retry is still pending');

      const copy = await cliAsync(['copy-to-postgres', '--data', data], { BOOKING_DATABASE_URL: cluster.url });
      assert.equal(copy.status, 0, copy.stderr);
      assert.match(copy.stdout, /^Copied .*booking\.db into postgres:\/\/booking:\*\*\*@127\.0\.0\.1:\d+\/booking: \d+ rows/);
      assert.match(copy.stdout, /^ {2}bookings +1$/m);
      assert.match(copy.stdout, /^ {2}webhooks +1$/m);
      assert.match(copy.stdout, /^ {2}delivery_attempts +2$/m);
      assert.match(copy.stdout, /encrypted with .*secrets\.key: start the server on PostgreSQL with the same --data/);
      assert.ok(!`${copy.stdout}${copy.stderr}`.includes(cluster.password));
      // Copied as they were: the history's total is not counted twice by the insert trigger.
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      try {
        const { rows } = await client.query('select attempt_count, (select count(*) from delivery_attempts) as attempts from webhooks');
        assert.deepEqual(rows, [{ attempt_count: '2', attempts: '2' }]);
        // The retry keeps its time (an hour after the failure); then the hour passes.
        const pending = await client.query(`select due_at::float8 as due from delivery_attempts where status = 'pending'`);
        assert.equal(pending.rows.length, 1);
        assert.ok(Math.abs(pending.rows[0].due - (receiver.requests[0]!.receivedAt + 3_600_000)) < 60_000, `due ${pending.rows[0].due}`);
        await client.query(`update delivery_attempts set due_at = $1 where status = 'pending'`, [Date.now()]);
      } finally {
        await client.end();
      }

      // On PostgreSQL, with the same data dir (so the same secrets.key) and no admin token in the environment.
      receiver.handle(() => ({ status: 200, body: 'ok' }));
      const pgEnv = { BOOKING_DATABASE_URL: cluster.url, BOOKING_ALLOW_PRIVATE_TARGETS: 'true', BOOKING_RETRY_DELAYS: '0,3' };
      const onPg = await startServeProcess(['--data', data], pgEnv);
      try {
        assert.deepEqual(await (await api(onPg.url, 'GET', '/services')).json(), services);
        const read = await api(onPg.url, 'GET', `/bookings/${booking.id}`);
        assert.equal(read.status, 200, 'the key made on SQLite authenticates on PostgreSQL');
        assert.equal(((await read.json()) as { startTime: string }).startTime, booking.startTime);
        // New rows get ids past the copied ones.
        const second = await api(onPg.url, 'POST', '/webhooks', { targetUrl: receiver.url('/other'), events: ['booking.cancelled'] });
        assert.equal(second.status, 201);
        assert.equal(((await second.json()) as { id: number }).id, webhook.id + 1);
        // The admin token made on SQLite opens the status page on PostgreSQL.
        const status = await fetch(`${onPg.url}/admin/api/status`, { headers: { Authorization: `Bearer ${adminToken}` } });
        assert.equal(status.status, 200);
        assert.equal(((await status.json()) as { databaseEngine: string }).databaseEngine, 'postgres');

        // The retry left pending on SQLite is delivered by the server on PostgreSQL, signed with the same secret.
        const [first, retry] = await receiver.waitFor(2, 15_000);
        assert.equal(retry!.headers['x-webhook-delivery'], first!.headers['x-webhook-delivery']);
        const signature = `sha256=${createHmac('sha256', webhook.secret).update(retry!.body).digest('hex')}`;
        assert.equal(retry!.headers['x-webhook-signature'], signature);
        assert.equal(JSON.parse(retry!.body).data.bookingId, booking.id);
      } finally {
        await stop(onPg);
      }

      // Copying again into the same database is refused: it is not empty any more.
      const again = await cliAsync(['copy-to-postgres', '--data', data], { BOOKING_DATABASE_URL: cluster.url });
      assert.equal(again.status, 1);
      assert.deepEqual(lines(again.stderr).length, 1, again.stderr);
      assert.match(
        again.stderr,
        /the PostgreSQL database postgres:\/\/booking:\*\*\*@.* is not empty \(\w+ has rows\): copy into a new, empty database/,
      );
    } finally {
      await receiver.close();
    }
  });

  it('refuses with one line, exit 1, and writes nothing: bad URL, unreachable, no data dir, running server, wrong key', async () => {
    const data = tempDataDir();
    const demo = await cliAsync(['demo', '--json', '--data', data], sqliteEnv);
    assert.equal(demo.status, 0, demo.stderr);
    const secret = 'very-secret-pw';
    const refused = async (args: string[], env: Record<string, string>, expected: RegExp, code = 1) => {
      const result = await cliAsync(['copy-to-postgres', ...args], env);
      assert.equal(result.status, code, result.stderr);
      assert.match(result.stderr, expected);
      if (code === 1) assert.equal(lines(result.stderr).length, 1, result.stderr);
      assert.ok(!result.stderr.includes(secret) && !result.stderr.includes(cluster.password), result.stderr);
    };
    const target = await cluster.createDatabase('refusals');

    await refused(['--data', data], {}, /name the PostgreSQL database to copy into: --database-url URL or BOOKING_DATABASE_URL/, 2);
    await refused(['--data', data], { BOOKING_DATABASE_URL: 'not a url' }, /BOOKING_DATABASE_URL must be a URL like postgres:\/\//);
    await refused(
      ['--data', data, '--database-url', `postgres://booking:${secret}@127.0.0.1:1/booking`],
      {},
      /cannot reach PostgreSQL at postgres:\/\/booking:\*\*\*@127\.0\.0\.1:1\/booking \(ECONNREFUSED\)/,
    );
    await refused(
      ['--data', data],
      { BOOKING_DATABASE_URL: `postgres://booking:${secret}@127.0.0.1:${cluster.port}/refusals` },
      /refused the login/,
    );
    const missing = path.join(tempDataDir(), 'no-such-salon');
    await refused(
      ['--data', missing],
      { BOOKING_DATABASE_URL: target },
      /there is no booking-api database to copy at .*no-such-salon\/booking\.db/,
    );
    assert.ok(!fs.existsSync(missing), 'the missing data dir was not created');

    const server = await startServeProcess(['--data', data], sqliteEnv);
    const key = fs.readFileSync(path.join(data, 'secrets.key'));
    try {
      // A webhook seals a secret with the data dir's key.
      const created = await fetch(`${server.url}/v1/integration/webhooks`, {
        method: 'POST',
        headers: { 'X-API-Key': JSON.parse(demo.stdout).apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ targetUrl: `${NOWHERE}/hook`, events: ['booking.created'] }),
      });
      assert.equal(created.status, 201);
      await refused(['--data', data], { BOOKING_DATABASE_URL: target }, /a booking-api server is running on .*; stop it first/);
    } finally {
      await stop(server);
    }
    // The secrets' key file elsewhere and not found: refused before anything is copied.
    fs.renameSync(path.join(data, 'secrets.key'), path.join(data, 'moved.key'));
    await refused(['--data', data], { BOOKING_DATABASE_URL: target }, /encrypted with a key file that is not here: .*secrets\.key/);
    fs.writeFileSync(path.join(data, 'secrets.key'), key);

    // None of that wrote a row; the copy now goes through.
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      const { rows } = await client.query(`select to_regclass('businesses') is null as absent`);
      if (!rows[0].absent) assert.equal((await client.query('select count(*)::int as n from businesses')).rows[0].n, 0);
      const copy = await cliAsync(['copy-to-postgres', '--data', data, '--json'], { BOOKING_DATABASE_URL: target });
      assert.equal(copy.status, 0, copy.stderr);
      const result = JSON.parse(copy.stdout) as { tables: Array<{ table: string; rows: number }>; rows: number };
      assert.equal(result.tables.find((t) => t.table === 'webhooks')!.rows, 1);
      assert.equal(
        result.rows,
        result.tables.reduce((sum, t) => sum + t.rows, 0),
      );
      assert.equal((await client.query('select count(*)::int as n from businesses')).rows[0].n, 1);
      // Identity sequences are past the copied ids.
      assert.equal((await client.query(`select nextval(pg_get_serial_sequence('services', 'id'))::int as n`)).rows[0].n, 5);
    } finally {
      await client.end();
    }
  });
});
