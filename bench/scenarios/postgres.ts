// PostgreSQL beside SQLite, in the same run: every figure is measured on both engines, rounds
// interleaved, and reported as PostgreSQL's ratio to SQLite's (or, for the backlog, as on SQLite:
// full ÷ empty). A throwaway cluster from Debian's postgresql package (test/helpers/postgres.ts),
// fsync on, pg_stat_statements preloaded to count the statements (round trips) per operation.
// Without PostgreSQL binaries these scenarios say so in one line and give no rows.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { postgresMissing, startPostgres, type TestPostgres } from '../../test/helpers/postgres.ts';
import { NOWHERE } from '../../test/helpers/receiver.ts';
import { message, ROOT, spawnNode, startServer, stop, tempDir } from '../lib/processes.ts';
import type { Row, RunOptions, Scenario } from '../lib/scenario.ts';
import { median, percentile, round } from '../lib/stats.ts';
import { bookingsFixture } from './bookings.ts';
import { arm, engineThroughput, startDriver, startReceiver, THROUGHPUT_CONCURRENCY } from './delivery.ts';
import { costs, fixture, type Fixture } from './backlog.ts';
import type { ChildProcess } from 'node:child_process';

/**
 * How many servers share the one database: the bookings load is spread over the instances' URLs,
 * and the delivery drivers all claim from the one queue (FOR UPDATE SKIP LOCKED).
 */
export const PG_INSTANCES: readonly number[] = [1, 2];

let cluster: Promise<TestPostgres> | undefined;
/** Set by a profile before the cluster starts: pg_stat_statements also times planning. */
let trackPlanning = false;
let databases = 0;
let skipNoted = false;

/** A new empty database on the bench's cluster, or undefined (said once) without PostgreSQL. */
export async function pgDatabase(): Promise<string | undefined> {
  const missing = postgresMissing();
  if (missing) {
    if (!skipNoted) console.error(`PostgreSQL scenarios skipped: ${missing}`);
    skipNoted = true;
    return undefined;
  }
  cluster ??= startPostgres({
    unref: true,
    settings: {
      shared_preload_libraries: 'pg_stat_statements',
      'pg_stat_statements.track': 'all',
      ...(trackPlanning ? { 'pg_stat_statements.track_planning': 'on' } : {}),
    },
  });
  const url = await (await cluster).createDatabase(`bench_${process.pid}_${++databases}`);
  await withClient(url, (c) => c.query('create extension if not exists pg_stat_statements'));
  return url;
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Statements run on `url`'s database since the last reset (BEGIN and COMMIT included: each is a round trip). */
async function statements(url: string): Promise<number> {
  return withClient(url, async (c) => {
    const { rows } = await c.query(
      `select coalesce(sum(calls), 0)::float8 as n from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())`,
    );
    return rows[0].n as number;
  });
}

/** The statements the servers sent (round trips): those run inside another statement (triggers, foreign keys) left out. */
export async function roundTrips(url: string): Promise<number> {
  return withClient(url, async (c) => {
    const { rows } = await c.query(
      `select coalesce(sum(calls), 0)::float8 as n from pg_stat_statements where toplevel and dbid = (select oid from pg_database where datname = current_database())`,
    );
    return rows[0].n as number;
  });
}

export async function resetStatements(url: string): Promise<void> {
  await withClient(url, (c) => c.query('select pg_stat_statements_reset()'));
}

/** CPU seconds (user + system) of a process. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of the PostgreSQL server: the postmaster and every backend it forked (living ones). */
export async function postgresCpuSeconds(): Promise<number> {
  const postmaster = (await cluster!).pid;
  let total = cpuSeconds(postmaster);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === postmaster) total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {}
  }
  return total;
}

/**
 * CPU seconds of the PostgreSQL server by process (the postmaster and its living children): a
 * difference taken per process does not go negative when a backend exits between two readings.
 */
export async function postgresCpuByPid(): Promise<Map<number, number>> {
  const postmaster = (await cluster!).pid;
  const byPid = new Map([[postmaster, cpuSeconds(postmaster)]]);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === postmaster) byPid.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {}
  }
  return byPid;
}

/**
 * Starts `instances` servers on the database (each with its own data dir for its key file and lock).
 * `profiled(i)` gives instance i extra Node flags (a CPU profile) and runs it in-process
 * (bench/lib/server-driver.ts) as `bench:profile` does.
 */
export async function startServers(url: string, dir: string, instances: number, profiled?: (i: number) => string[]) {
  const servers = [];
  for (let i = 0; i < instances; i++) {
    const dataDir = i === 0 ? dir : tempDir('instance');
    if (i > 0) fs.copyFileSync(path.join(dir, 'secrets.key'), path.join(dataDir, 'secrets.key'));
    servers.push(
      await startServer(
        dataDir,
        { BOOKING_DATABASE_URL: url, BOOKING_RATE_PER_MINUTE: '10000000', BOOKING_RATE_PER_DAY: '1000000000' },
        profiled?.(i) ?? [],
        profiled !== undefined,
      ),
    );
  }
  return servers;
}

/**
 * Every statement of `url`'s database since the last reset by calls per operation (`n` of them),
 * with µs of execution and of planning per operation; nested ones (run inside another statement,
 * by a trigger or a foreign key) marked so: their time is inside their caller's too.
 */
async function listStatements(url: string, n: number, unit: string): Promise<void> {
  const all = await withClient(url, (c) =>
    c.query(
      `select calls, total_exec_time, total_plan_time, toplevel, query from pg_stat_statements
       where dbid = (select oid from pg_database where datname = current_database())
       order by calls desc, total_exec_time desc`,
    ),
  );
  console.log(
    `\nPostgreSQL: statements by calls per ${unit}, with µs of execution and of planning per ${unit} (nested: run inside another statement, by a trigger or a foreign key; a nested one's time is inside its caller's too)`,
  );
  for (const r of all.rows) {
    if (Number(r.calls) / n < 0.005) continue;
    const query = String(r.query).replace(/\s+/g, ' ').slice(0, 100);
    const us = (ms: unknown) => ((Number(ms) * 1000) / n).toFixed(1).padStart(6);
    console.log(
      `${(Number(r.calls) / n).toFixed(3).padStart(7)} ${us(r.total_exec_time)} ${us(r.total_plan_time)}  ${r.toplevel ? '        ' : 'nested  '}${query}`,
    );
  }
}

/**
 * For `npm run bench:profile -- pg-bookings [instances]`: one round of the bookings load spread
 * over `instances` servers on PostgreSQL, each writing a CPU profile into `dirs[i]`. Prints the
 * throughput, CPU and statements per booking (and how many of them are round trips), and every
 * statement by calls per booking with its execution and planning time (pg_stat_statements with
 * track = all). Undefined without PostgreSQL.
 */
export async function profilePgBookings(dirs: string[]): Promise<boolean> {
  trackPlanning = true;
  const url = await pgDatabase();
  if (!url) return false;
  const onPg = await bookingsFixture(1, 8000, url);
  const servers = await startServers(url, onPg.dir, dirs.length, (i) => ['--cpu-prof', `--cpu-prof-dir=${dirs[i]}`]);
  try {
    await resetStatements(url);
    const serverCpu = servers.map((s) => cpuSeconds(s.child.pid!));
    const dbCpu = await postgresCpuSeconds();
    const result = await bookingsLoad(
      servers.map((s) => s.url),
      onPg.key,
      onPg.bodyFiles[0]!,
    );
    const n = result.requests;
    const perInstance = servers.map((s, i) => (((cpuSeconds(s.child.pid!) - serverCpu[i]!) * 1000) / n).toFixed(2));
    console.log(
      `${dirs.length} instance(s): ${Math.round(result.perSecond)} bookings/s, p99 ${result.p99.toFixed(1)} ms; per booking: ` +
        `server CPU ${perInstance.join(' + ')} ms, PostgreSQL CPU ${((((await postgresCpuSeconds()) - dbCpu) * 1000) / n).toFixed(2)} ms, ` +
        `${((await statements(url)) / n).toFixed(2)} statements ` +
        `(${((await roundTrips(url)) / n).toFixed(2)} of them round trips, the rest run by triggers and foreign keys)`,
    );
    await listStatements(url, n, 'booking');
  } finally {
    for (const s of servers) await stop(s.child);
  }
  return true;
}

async function bookingsLoad(urls: string[], key: string, bodiesFile: string) {
  const loader = spawnNode(
    path.join(ROOT, 'bench/lib/load.ts'),
    [
      JSON.stringify({
        url: urls[0],
        urls,
        method: 'POST',
        path: '/v1/integration/bookings',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        connections: 50,
        bodiesFile,
      }),
    ],
    1,
  );
  const result = await message<{ perSecond: number; requests: number; statuses: Record<string, number>; errors: number; p99: number }>(
    loader,
  );
  if (Object.keys(result.statuses).some((s) => s !== '201') || result.errors) {
    throw new Error(`unexpected answers: ${JSON.stringify(result.statuses)} errors ${result.errors}`);
  }
  return result;
}

export const pgBookingsScenario: Scenario = {
  name: 'pg-bookings',
  description: `POST /v1/integration/bookings on PostgreSQL (${PG_INSTANCES.join(', ')} instance(s)) vs the same on SQLite, 50 connections, interleaved rounds; CPU and statements per booking`,
  async run({ rounds, quick }: RunOptions) {
    const perRound = quick ? 2000 : 8000;
    const rows: Row[] = [];
    const sqlite = await bookingsFixture(rounds, perRound);
    const sqliteServer = await startServer(sqlite.dir, { BOOKING_RATE_PER_MINUTE: '10000000', BOOKING_RATE_PER_DAY: '1000000000' });
    try {
      for (const instances of PG_INSTANCES) {
        const url = await pgDatabase();
        if (!url) return [];
        const onPg = await bookingsFixture(rounds, perRound, url);
        const servers = await startServers(url, onPg.dir, instances);
        const ours: number[] = [];
        const baseline: number[] = [];
        const perBooking = { serverCpuMs: [] as number[], dbCpuMs: [] as number[], statements: [] as number[] };
        try {
          for (let r = 0; r < rounds; r++) {
            if (instances === PG_INSTANCES[0])
              baseline.push((await bookingsLoad([sqliteServer.url], sqlite.key, sqlite.bodyFiles[r]!)).perSecond);
            await resetStatements(url);
            const serverCpu = servers.reduce((sum, s) => sum + cpuSeconds(s.child.pid!), 0);
            const dbCpu = await postgresCpuSeconds();
            const result = await bookingsLoad(
              servers.map((s) => s.url),
              onPg.key,
              onPg.bodyFiles[r]!,
            );
            ours.push(result.perSecond);
            const n = result.requests;
            perBooking.serverCpuMs.push(((servers.reduce((sum, s) => sum + cpuSeconds(s.child.pid!), 0) - serverCpu) * 1000) / n);
            perBooking.dbCpuMs.push((((await postgresCpuSeconds()) - dbCpu) * 1000) / n);
            perBooking.statements.push((await statements(url)) / n);
          }
        } finally {
          for (const s of servers) await stop(s.child);
        }
        if (baseline.length > 0) bookingsBaseline = baseline;
        const ratio = median(ours) / median(bookingsBaseline);
        rows.push(
          {
            scenario: 'pg-bookings',
            metric: `bookings/s, ${instances} instance(s), PostgreSQL ÷ SQLite`,
            ours: round(median(ours), 0),
            baseline: round(median(bookingsBaseline), 0),
            ratio: round(ratio),
            unit: '/s',
            goal: 'reported',
            met: true,
            rounds: { ours: ours.map((v) => round(v, 0)), baseline: bookingsBaseline.map((v) => round(v, 0)) },
          },
          {
            scenario: 'pg-bookings',
            metric: `per booking, ${instances} instance(s): server CPU`,
            ours: round(median(perBooking.serverCpuMs), 3),
            unit: 'ms',
            goal: 'reported',
            met: true,
            rounds: { ours: perBooking.serverCpuMs.map((v) => round(v, 3)) },
          },
          {
            scenario: 'pg-bookings',
            metric: `per booking, ${instances} instance(s): PostgreSQL CPU`,
            ours: round(median(perBooking.dbCpuMs), 3),
            unit: 'ms',
            goal: 'reported',
            met: true,
            rounds: { ours: perBooking.dbCpuMs.map((v) => round(v, 3)) },
          },
          {
            scenario: 'pg-bookings',
            metric: `per booking, ${instances} instance(s): statements (round trips)`,
            ours: round(median(perBooking.statements), 1),
            unit: '',
            goal: 'reported',
            met: true,
            rounds: { ours: perBooking.statements.map((v) => round(v, 1)) },
          },
        );
      }
    } finally {
      await stop(sqliteServer.child);
    }
    return rows;
  },
};
let bookingsBaseline: number[] = [];

export async function stopDriver(driver: ChildProcess): Promise<void> {
  driver.send({ stop: true });
  await new Promise((resolve) => driver.once('exit', resolve));
}

/**
 * For `node bench/profile.ts pg-delivery [instances]`: `events` events (batches of 200 per
 * transaction) delivered to one webhook by `instances` engines on one PostgreSQL database. Prints
 * deliveries/s, CPU and statements per delivery, and every statement by calls per delivery
 * (pg_stat_statements with track = all: statements run by triggers count too). Undefined
 * without PostgreSQL.
 */
export async function profilePgDelivery(instances: number, events = 8000): Promise<boolean> {
  trackPlanning = true;
  const url = await pgDatabase();
  if (!url) return false;
  const receiver = await startReceiver();
  const drivers = [await startDriver(receiver.url, 1, THROUGHPUT_CONCURRENCY, url)];
  const key = path.join(drivers[0]!.dataDir, 'secrets.key');
  for (let i = 1; i < instances; i++) drivers.push(await startDriver(receiver.url, 0, THROUGHPUT_CONCURRENCY, url, key));
  try {
    await resetStatements(url);
    const cpu = drivers.reduce((sum, d) => sum + cpuSeconds(d.child.pid!), 0);
    const dbCpu = await postgresCpuSeconds();
    const perSecond = await engineThroughput(receiver.child, drivers[0]!.child, events, 1);
    const serverCpu = ((drivers.reduce((sum, d) => sum + cpuSeconds(d.child.pid!), 0) - cpu) * 1000) / events;
    const pgCpu = (((await postgresCpuSeconds()) - dbCpu) * 1000) / events;
    console.log(
      `${instances} instance(s): ${Math.round(perSecond)} deliveries/s; per delivery: server CPU ${serverCpu.toFixed(3)} ms, ` +
        `PostgreSQL CPU ${pgCpu.toFixed(3)} ms, ${((await statements(url)) / events).toFixed(2)} statements ` +
        `(${((await roundTrips(url)) / events).toFixed(2)} of them round trips, the rest run by triggers and foreign keys)`,
    );
    await listStatements(url, events, 'delivery');
  } finally {
    for (const d of drivers) await stopDriver(d.child);
    await stop(receiver.child);
  }
  return true;
}

export const pgDeliveryScenario: Scenario = {
  name: 'pg-delivery',
  description: `Sustained delivery to one webhook on PostgreSQL (${PG_INSTANCES.join(', ')} instance(s)) vs the same engine on SQLite, concurrency 200, receiver answers 200 at once; CPU and statements per delivery`,
  async run({ rounds, quick }: RunOptions) {
    const events = quick ? 2000 : 8000;
    const receiver = await startReceiver();
    const onSqlite = await startDriver(receiver.url, 1, THROUGHPUT_CONCURRENCY);
    const rows: Row[] = [];
    try {
      for (const instances of PG_INSTANCES) {
        const url = await pgDatabase();
        if (!url) return [];
        // The first driver makes the webhook and emits; the others only deliver from the shared queue.
        const drivers = [await startDriver(receiver.url, 1, THROUGHPUT_CONCURRENCY, url)];
        const key = path.join(drivers[0]!.dataDir, 'secrets.key');
        for (let i = 1; i < instances; i++) drivers.push(await startDriver(receiver.url, 0, THROUGHPUT_CONCURRENCY, url, key));
        const ours: number[] = [];
        const baseline: number[] = [];
        const per = { serverCpuMs: [] as number[], dbCpuMs: [] as number[], statements: [] as number[] };
        try {
          for (let r = 0; r < rounds; r++) {
            baseline.push(await engineThroughput(receiver.child, onSqlite.child, events, 1));
            await resetStatements(url);
            const cpu = drivers.reduce((sum, d) => sum + cpuSeconds(d.child.pid!), 0);
            const dbCpu = await postgresCpuSeconds();
            ours.push(await engineThroughput(receiver.child, drivers[0]!.child, events, 1));
            // Emitting (batches of 200 events per transaction) is in these figures too; it is small beside sending.
            per.serverCpuMs.push(((drivers.reduce((sum, d) => sum + cpuSeconds(d.child.pid!), 0) - cpu) * 1000) / events);
            per.dbCpuMs.push((((await postgresCpuSeconds()) - dbCpu) * 1000) / events);
            per.statements.push((await statements(url)) / events);
          }
        } finally {
          for (const d of drivers) await stopDriver(d.child);
        }
        const ratio = median(ours) / median(baseline);
        rows.push(
          {
            scenario: 'pg-delivery',
            metric: `deliveries/s, ${instances} instance(s), PostgreSQL ÷ SQLite`,
            ours: round(median(ours), 0),
            baseline: round(median(baseline), 0),
            ratio: round(ratio),
            unit: '/s',
            goal: 'reported',
            met: true,
            rounds: { ours: ours.map((v) => round(v, 0)), baseline: baseline.map((v) => round(v, 0)) },
          },
          ...(['serverCpuMs', 'dbCpuMs', 'statements'] as const).map((k) => ({
            scenario: 'pg-delivery',
            metric: `per delivery, ${instances} instance(s): ${{ serverCpuMs: 'server CPU', dbCpuMs: 'PostgreSQL CPU', statements: 'statements (round trips)' }[k]}`,
            ours: round(median(per[k]), k === 'statements' ? 2 : 3),
            unit: k === 'statements' ? '' : 'ms',
            goal: 'reported',
            met: true,
            rounds: { ours: per[k].map((v) => round(v, 3)) },
          })),
        );
      }
    } finally {
      await stopDriver(onSqlite.child);
      await stop(receiver.child);
    }
    return rows;
  },
};

export const pgLatencyScenario: Scenario = {
  name: 'pg-latency',
  description: 'First-attempt latency from commit to receiver at 500 events/s (one event per transaction) on PostgreSQL vs SQLite',
  async run({ rounds, quick }: RunOptions) {
    const url = await pgDatabase();
    if (!url) return [];
    const receiver = await startReceiver();
    const drivers = { sqlite: await startDriver(receiver.url, 1), postgres: await startDriver(receiver.url, 1, undefined, url) };
    const rate = 500;
    const events = rate * (quick ? 2 : 6);
    const p99 = { sqlite: [] as number[], postgres: [] as number[] };
    const p50 = { sqlite: [] as number[], postgres: [] as number[] };
    try {
      for (let r = 0; r < rounds; r++) {
        for (const engine of ['sqlite', 'postgres'] as const) {
          const driver = drivers[engine].child;
          const done = arm(receiver.child, events, true);
          driver.send({ events, rate, padding: 100 });
          const emitted = await message<{ commits: Array<[number, string]> }>(driver, (m) => 'emitted' in m);
          await done;
          receiver.child.send({ arrivals: true });
          const { arrivals } = await message<{ arrivals: Record<string, string> }>(receiver.child, (m) => 'arrivals' in m);
          const latencies = emitted.commits.map(([seq, commit]) => Number(BigInt(arrivals[seq]!) - BigInt(commit)) / 1e6);
          p50[engine].push(percentile(latencies, 50));
          p99[engine].push(percentile(latencies, 99));
        }
      }
    } finally {
      await stopDriver(drivers.sqlite.child);
      await stopDriver(drivers.postgres.child);
      await stop(receiver.child);
    }
    return [
      {
        scenario: 'pg-latency',
        metric: `p50 at ${rate} events/s, PostgreSQL (SQLite as baseline)`,
        ours: round(median(p50.postgres)),
        baseline: round(median(p50.sqlite)),
        ratio: round(median(p50.postgres) / median(p50.sqlite)),
        unit: 'ms',
        goal: '< 2 ms',
        met: median(p50.postgres) < 2,
        rounds: { ours: p50.postgres.map((v) => round(v)), baseline: p50.sqlite.map((v) => round(v)) },
      },
      {
        scenario: 'pg-latency',
        metric: `p99 at ${rate} events/s, PostgreSQL (SQLite as baseline)`,
        ours: round(median(p99.postgres)),
        baseline: round(median(p99.sqlite)),
        ratio: round(median(p99.postgres) / median(p99.sqlite)),
        unit: 'ms',
        goal: '< 6 ms',
        met: median(p99.postgres) < 6,
        rounds: { ours: p99.postgres.map((v) => round(v)), baseline: p99.sqlite.map((v) => round(v)) },
      },
    ];
  },
};

/**
 * Fills the attempt tables with plain SQL, as the SQLite backlog's seed() does: `history` finished
 * attempts and `due` pending ones. The attempt-count trigger is off while it runs (one update of
 * the webhook per row would be most of the time) and the count is set once at the end.
 */
async function seedPostgres(url: string, webhookId: number, history: number, due: number): Promise<void> {
  await withClient(url, async (c) => {
    const body = JSON.stringify({ id: 'whdel_x', event: 'booking.created', data: { bookingId: 1, note: 'x'.repeat(60) } });
    const total = history + due;
    await c.query('begin');
    await c.query('alter table delivery_attempts disable trigger user');
    await c.query(
      `insert into deliveries (delivery_id, webhook_id, event_id, event, body, created_at)
       select 'whdel_seed' || i, $1, null, 'booking.created', $2, $3::bigint - ($4::bigint - i) * 1000 from generate_series(0, $4::bigint - 1) i`,
      [webhookId, body, Date.now(), total],
    );
    await c.query(
      `insert into delivery_attempts (delivery_pk, webhook_id, attempt_number, status, trigger, due_at, lease_until, sent_at,
         response_status_code, response_time_ms, error_message, response_excerpt, created_at, updated_at)
       select d.id, d.webhook_id, 1, s.status, 'event', d.created_at, null,
         case when s.status = 'pending' then null else d.created_at end,
         case s.status when 'success' then 200 when 'failed' then 500 end, 12,
         case when s.status = 'failed' then 'receiver answered 500' end, null, d.created_at, d.created_at
       from (select id, webhook_id, created_at, row_number() over (order by id) - 1 as i from deliveries where delivery_id like 'whdel_seed%') d,
         lateral (select case when d.i >= $1 then 'pending' when d.i % 10 = 0 then 'failed' else 'success' end as status) s`,
      [history],
    );
    await c.query('update webhooks set attempt_count = attempt_count + $2 where id = $1', [webhookId, total]);
    await c.query('alter table delivery_attempts enable trigger user');
    await c.query('commit');
    await c.query('analyze');
  });
}

export const pgBacklogScenario: Scenario = {
  name: 'pg-backlog',
  description:
    'On PostgreSQL: a backlog of finished and due attempts (BENCH_PG_HISTORY, default 1 000 000 and a tenth as many due; --quick 100 000) vs 1 000 due: claim (64), enqueue (one event), history page (first 20 + total)',
  async run({ rounds, quick }: RunOptions) {
    const history = Number(process.env.BENCH_PG_HISTORY ?? (quick ? 100_000 : 1_000_000));
    const due = Math.round(history / 10);
    const emptyUrl = await pgDatabase();
    if (!emptyUrl) return [];
    const fullUrl = (await pgDatabase())!;
    const receiverUrl = `${NOWHERE}/unused`;
    const empty: Fixture = await fixture('pg-backlog-empty', receiverUrl, emptyUrl);
    const full: Fixture = await fixture('pg-backlog-full', receiverUrl, fullUrl);
    await seedPostgres(emptyUrl, empty.webhookId, 0, 1000);
    const seedStarted = performance.now();
    await seedPostgres(fullUrl, full.webhookId, history, due);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const samples = { empty: [] as Array<Awaited<ReturnType<typeof costs>>>, full: [] as Array<Awaited<ReturnType<typeof costs>>> };
    try {
      for (let r = 0; r < rounds; r++) {
        samples.empty.push(await costs(empty, 100));
        samples.full.push(await costs(full, 100));
      }
    } finally {
      await empty.database.close();
      await full.database.close();
    }
    return (['claim', 'enqueue', 'history'] as const).map((metric) => {
      const ours = median(samples.full.map((s) => s[metric]));
      const baseline = median(samples.empty.map((s) => s[metric]));
      return {
        scenario: 'pg-backlog',
        metric: `${metric} (ms, ${history} finished + ${due} due ÷ 1 000 due; seeded in ${round(seedSeconds, 1)} s)`,
        ours: round(ours, 3),
        baseline: round(baseline, 3),
        ratio: round(ours / baseline),
        unit: 'ms',
        goal: '≤ 2.0',
        met: ours / baseline <= 2,
        rounds: { ours: samples.full.map((s) => round(s[metric], 3)), baseline: samples.empty.map((s) => round(s[metric], 3)) },
      };
    });
  },
};

export const POSTGRES_SCENARIOS: Scenario[] = [pgBookingsScenario, pgDeliveryScenario, pgLatencyScenario, pgBacklogScenario];
