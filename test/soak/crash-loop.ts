import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { workday } from '../helpers/dates.ts';
import { tempDataDir } from '../helpers/app.ts';
import { BookingStream } from '../helpers/booking-stream.ts';
import { cliJson, startServeProcess } from '../helpers/cli.ts';
import { Receiver } from '../helpers/receiver.ts';
import { eventually, sleep } from '../helpers/wait.ts';
import { engineEnv, engineFromArgs } from './engine.ts';
import { clientConfig } from '../../src/db/postgres/connection.ts';

export interface CrashLoopOptions {
  kills: number;
  /** Random wait before each kill, in ms. */
  minUpMs: number;
  maxUpMs: number;
  seed: number;
  /** PostgreSQL instead of SQLite (an empty database). */
  databaseUrl?: string;
  log?: (line: string) => void;
}

/** What the crash loop saw; the checks that must hold are `problems` (empty when all is well). */
export interface CrashLoopReport {
  engine: 'sqlite' | 'postgres';
  seed: number;
  kills: number;
  killedWithAttemptsInFlight: number;
  bookingsAsked: number;
  bookingsCreated: number;
  bookingsInDatabase: number;
  requestsResent: number;
  answersReplayed: number;
  slotConflicts: number;
  serverErrors: number;
  deliveriesCommitted: number;
  deliveriesReceived: number;
  requestsAtReceiver: number;
  duplicates: number;
  restartMs: { min: number; max: number; mean: number };
  drainMs: number;
  integrity: string;
  problems: string[];
}

const ADMIN_TOKEN = 'crash-loop-admin-token-000000000000';
const ENV = {
  BOOKING_ADMIN_TOKEN: ADMIN_TOKEN,
  BOOKING_ALLOW_PRIVATE_TARGETS: 'true',
  BOOKING_LOG_LEVEL: 'error',
  BOOKING_RATE_PER_MINUTE: '1000000',
  BOOKING_RETRY_DELAYS: '0,1,1,1,1,1',
};

/** mulberry32: a small seeded generator, so a run's kill moments can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Issue 7, item 1: bookings stream in (with deliveries to a real receiver) while the server is
 * SIGKILLed at random moments and restarted on the same data dir. Then every committed event must
 * have reached the receiver, no booking may be lost or doubled, nothing may stay leased, and
 * SQLite's integrity check must pass.
 */
export async function crashLoop(options: CrashLoopOptions): Promise<CrashLoopReport> {
  const log = options.log ?? (() => {});
  const next = random(options.seed);
  const data = tempDataDir();
  const env = { ...ENV, ...engineEnv(options.databaseUrl) };
  const { apiKey } = cliJson(['demo', '--data', data], engineEnv(options.databaseUrl));
  // Answers take 0–40 ms, so a kill often finds deliveries on the wire.
  const receiver = await Receiver.start(() => ({ status: 200, delayMs: Math.floor(next() * 40) }));
  let server = await start(data, env);
  const restarts: number[] = [];
  let killedWithAttemptsInFlight = 0;
  let stopped = false;
  const stream = new BookingStream({
    url: () => server.url,
    apiKey,
    serviceId: 3,
    firstDate: workday(Date.now()),
    tag: `crash${options.seed}`,
  });
  try {
    const hook = await fetch(`${server.url}/v1/integration/webhooks`, {
      method: 'POST',
      headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ targetUrl: receiver.url('/crash'), events: ['booking.created', 'client.created'] }),
    });
    if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${await hook.text()}`);
    const load = stream.run(() => stopped, 3);

    for (let kill = 1; kill <= options.kills; kill++) {
      // Each run of the server books something before it dies, however slow the machine.
      const booked = stream.created.size;
      await eventually(() => (stream.created.size > booked ? true : undefined), 30_000, 'a booking on the restarted server');
      await sleep(options.minUpMs + next() * (options.maxUpMs - options.minUpMs));
      const inFlight = await queue(server.url).then(
        (q) => Math.max(q.inFlight, q.leased),
        () => 0,
      );
      if (inFlight > 0) killedWithAttemptsInFlight += 1;
      server.child.kill('SIGKILL');
      await server.exited;
      const started = performance.now();
      server = await start(data, env);
      restarts.push(performance.now() - started);
      log(
        `kill ${kill}/${options.kills}: ${stream.created.size} bookings so far, ${inFlight} attempts in flight at the kill, back in ${Math.round(restarts.at(-1)!)} ms`,
      );
    }
    await sleep(300);
    stopped = true;
    await load;

    const drainStarted = performance.now();
    await eventually(
      async () => {
        const q = await queue(server.url);
        return q.due + q.leased + q.scheduled + q.inFlight === 0 ? true : undefined;
      },
      60_000,
      'every delivery to finish',
    );
    const drainMs = performance.now() - drainStarted;
    server.child.kill('SIGTERM');
    const code = await server.exited;
    if (code !== 0) throw new Error(`the last server did not stop cleanly (exit ${code})`);

    const reader = options.databaseUrl ? await postgresReader(options.databaseUrl) : sqliteReader(path.join(data, 'booking.db'));
    return {
      engine: options.databaseUrl ? 'postgres' : 'sqlite',
      ...(await inspect(reader, stream, receiver)),
      seed: options.seed,
      kills: options.kills,
      killedWithAttemptsInFlight,
      restartMs: summary(restarts),
      drainMs: Math.round(drainMs),
    };
  } finally {
    stopped = true;
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await receiver.close();
  }
}

async function queue(url: string): Promise<{ due: number; scheduled: number; leased: number; inFlight: number }> {
  const response = await fetch(`${url}/admin/api/status`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
  return ((await response.json()) as { queue: { due: number; scheduled: number; leased: number; inFlight: number } }).queue;
}

/** Starts the server (on PostgreSQL nothing waits for the killed one: several may share a database). */
function start(data: string, env: Record<string, string>) {
  return startServeProcess(['--data', data], env);
}

/** What inspect() asks of the database, on either engine. */
interface Reader {
  count(sql: string): Promise<number>;
  column<T>(sql: string): Promise<T[]>;
  integrity(): Promise<string>;
  close(): Promise<void>;
}

function sqliteReader(file: string): Reader {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  return {
    count: async (sql) => db.prepare(sql).pluck().get() as number,
    column: async <T>(sql: string) => db.prepare(sql).pluck().all() as T[],
    integrity: async () => (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map((r) => r.integrity_check).join('; '),
    close: async () => void db.close(),
  };
}

async function postgresReader(url: string): Promise<Reader> {
  // Our type parsers: ids and counts come back as numbers, as from SQLite.
  const client = new pg.Client(clientConfig(url));
  await client.connect();
  return {
    count: async (sql) => Number((await client.query({ text: sql, rowMode: 'array' })).rows[0]![0]),
    column: async <T>(sql: string) => (await client.query({ text: sql, rowMode: 'array' })).rows.map((r) => r[0] as T),
    // PostgreSQL has no cheap whole-database check; its own crash recovery is what is relied on.
    integrity: async () => 'ok',
    close: () => client.end(),
  };
}

/** Reads the database after the last clean stop and checks every promise of item 1. */
async function inspect(db: Reader, stream: BookingStream, receiver: Receiver) {
  const problems: string[] = [];
  try {
    const integrity = await db.integrity();
    if (integrity !== 'ok') problems.push(`integrity_check: ${integrity}`);
    const leased = await db.count("select count(*) from delivery_attempts where status = 'pending' or lease_until is not null");
    if (leased > 0) problems.push(`${leased} attempts still pending or leased after a clean stop`);

    const owed = await db.count("select count(*) from events where event in ('booking.created', 'client.created')");
    const deliveryIds = await db.column<string>('select delivery_id from deliveries');
    if (deliveryIds.length !== owed) problems.push(`${owed} events of the webhook's kinds but ${deliveryIds.length} deliveries`);
    const unsuccessful = await db.count(
      "select count(*) from deliveries d where not exists (select 1 from delivery_attempts a where a.delivery_pk = d.id and a.status = 'success')",
    );
    if (unsuccessful > 0) problems.push(`${unsuccessful} deliveries without a successful attempt`);
    const received = new Set(receiver.requests.map((r) => String(r.headers['x-webhook-delivery'])));
    const missing = deliveryIds.filter((id) => !received.has(id));
    if (missing.length > 0)
      problems.push(`${missing.length} committed deliveries never reached the receiver (${missing.slice(0, 3).join(', ')})`);

    const bookings = await db.column<number>('select id from bookings');
    const confirmed = new Set(stream.created.values());
    if (confirmed.size !== stream.created.size) problems.push('two Idempotency-Keys were answered with the same booking');
    const lost = [...confirmed].filter((id) => !bookings.includes(id));
    if (lost.length > 0) problems.push(`${lost.length} bookings answered 201 are not in the database: ${lost.slice(0, 5).join(', ')}`);
    if (bookings.length !== confirmed.size)
      problems.push(`${bookings.length} bookings in the database, ${confirmed.size} confirmed to the client`);
    const doubled = await db.count('select count(*) from (select client_id from bookings group by client_id having count(*) > 1) twice');
    if (doubled > 0) problems.push(`${doubled} clients were booked twice (each request books a new client once)`);
    if (stream.serverErrors.length > 0) problems.push(`${stream.serverErrors.length} answers were 5xx: ${stream.serverErrors[0]}`);

    return {
      bookingsAsked: stream.sent,
      bookingsCreated: stream.created.size,
      bookingsInDatabase: bookings.length,
      requestsResent: stream.resent,
      answersReplayed: stream.replayed,
      slotConflicts: stream.conflicts,
      serverErrors: stream.serverErrors.length,
      deliveriesCommitted: deliveryIds.length,
      deliveriesReceived: received.size,
      requestsAtReceiver: receiver.requests.length,
      duplicates: receiver.requests.length - received.size,
      integrity,
      problems,
    };
  } finally {
    await db.close();
  }
}

function summary(values: number[]) {
  const round = (n: number) => Math.round(n);
  return {
    min: round(Math.min(...values)),
    max: round(Math.max(...values)),
    mean: round(values.reduce((a, b) => a + b, 0) / values.length),
  };
}

// `npm run soak`: the full run, 10 kills, with a report for docs/reliability.md.
// `npm run soak -- --engine postgres` (or --database-url URL): the same on PostgreSQL (engine.ts).
if (import.meta.main) {
  const databaseUrl = await engineFromArgs();
  const seed = Number(process.env.CRASH_SEED ?? Date.now() % 2 ** 31);
  const kills = Number(process.env.CRASH_KILLS ?? 10);
  const report = await crashLoop({ kills, minUpMs: 300, maxUpMs: 3000, seed, databaseUrl, log: (line) => console.error(line) });
  console.log(JSON.stringify(report, null, 2));
  process.exitCode = report.problems.length === 0 ? 0 : 1;
}
