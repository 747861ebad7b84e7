import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { workday } from '../helpers/dates.ts';
import { NODE_FLAGS } from '../../src/node-flags.mjs';
import { tempDataDir } from '../helpers/app.ts';
import { cliJson, startServeProcess } from '../helpers/cli.ts';
import { engineEnv, engineFromArgs } from './engine.ts';

export interface LoadOptions {
  durationMs: number;
  clients: number;
  keys: number;
  ratePerMinute: number;
  /** PostgreSQL instead of SQLite (an empty database). */
  databaseUrl?: string;
  log?: (line: string) => void;
  /** Node options of the server process; by default the shipped ones (src/node-flags.mjs). */
  nodeArgs?: string[];
  /**
   * Appends the server's process.memoryUsage() every second to this file (JSON lines; the probe
   * in memory-probe.ts), and with `memoryGcMs` a full GC that often and the heap left after it.
   */
  memoryFile?: string;
  memoryGcMs?: number;
  /** Seconds after the server started at which it writes a heap snapshot beside `memoryFile`. */
  heapSnapshotsAt?: number[];
}

export interface LoadReport {
  engine: 'sqlite' | 'postgres';
  durationMs: number;
  clients: number;
  keys: number;
  ratePerMinute: number;
  requests: number;
  requestsPerSecond: number;
  byStatus: Record<string, number>;
  serverErrors: number;
  connectionErrors: number;
  /** Requests admitted (not 429) per key and minute window, the most of any key and window. */
  mostAdmittedInAWindow: number;
  windows: number;
  /** Windows where a key got more than the limit: must be none. */
  overLimit: Array<{ key: number; window: number; admitted: number }>;
  latencyMs: { p50: number; p99: number; max: number };
  rssMiB: { first: number; last: number; max: number; samples: number[] };
}

const ADMIN_TOKEN = 'load-test-admin-token-0000000000000';
const PROBE = fileURLToPath(new URL('./memory-probe.ts', import.meta.url));

/** The server's resident memory, from /proc (Linux). */
function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kib / 1024) * 10) / 10;
}

/**
 * Issue 7, item 4: many clients on many keys against `booking-api serve` in its own process, for
 * a while. Counts answers by status, the requests each key got admitted in each minute window
 * (the window the server names in X-RateLimit-Reset), latency, and the server's RSS over time.
 */
export async function loadRun(options: LoadOptions): Promise<LoadReport> {
  const log = options.log ?? (() => {});
  const data = tempDataDir();
  const { businessId } = cliJson(['demo', '--data', data], engineEnv(options.databaseUrl));
  const probe: { env: Record<string, string>; nodeArgs: string[] } = options.memoryFile
    ? {
        env: {
          BOOKING_LOAD_MEMORY_FILE: options.memoryFile,
          BOOKING_LOAD_MEMORY_GC_MS: String(options.memoryGcMs ?? 0),
          BOOKING_LOAD_SNAPSHOTS_AT: (options.heapSnapshotsAt ?? []).join(','),
        },
        nodeArgs: ['--import', PROBE, ...(options.memoryGcMs ? ['--expose-gc'] : [])],
      }
    : { env: {}, nodeArgs: [] };
  const server = await startServeProcess(
    ['--data', data],
    {
      ...engineEnv(options.databaseUrl),
      ...probe.env,
      BOOKING_ADMIN_TOKEN: ADMIN_TOKEN,
      BOOKING_LOG_LEVEL: 'warn',
      BOOKING_RATE_PER_MINUTE: String(options.ratePerMinute),
    },
    // The V8 flags booking-api ships with: spawning src/bin.mjs with node skips its shebang's flags.
    [...(options.nodeArgs ?? NODE_FLAGS), ...probe.nodeArgs],
  );
  const pool = new Pool(server.url, { connections: options.clients, keepAliveTimeout: 30_000 });
  try {
    const keys: string[] = [];
    for (let i = 0; i < options.keys; i++) {
      const reply = await pool.request({
        method: 'POST',
        path: `/admin/api/businesses/${businessId}/keys`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `load ${i}`,
          scopes: ['services:read', 'staff:read', 'slots:read', 'bookings:read', 'bookings:write'],
        }),
      });
      const body = (await reply.body.json()) as { key: string };
      if (reply.statusCode !== 201) throw new Error(`key ${i}: ${reply.statusCode}`);
      keys.push(body.key);
    }
    const date = workday(Date.now());
    const paths = [
      '/v1/integration/services',
      '/v1/integration/staff',
      `/v1/integration/slots?serviceId=3&date=${date}`,
      '/v1/integration/bookings?limit=5',
    ];

    const byStatus: Record<string, number> = {};
    const admitted = new Map<string, number>();
    const latencies: number[] = [];
    let connectionErrors = 0;
    let requests = 0;
    const rss: number[] = [rssMiB(server.child.pid!)];
    const sampler = setInterval(() => rss.push(rssMiB(server.child.pid!)), 1000);
    const started = performance.now();
    const deadline = started + options.durationMs;
    let lastReport = started;

    const client = async (n: number) => {
      const keyIndex = n % options.keys;
      const key = keys[keyIndex]!;
      for (let i = 0; performance.now() < deadline; i++) {
        const booking = i % 5 === 4;
        const t0 = performance.now();
        try {
          const reply = await pool.request({
            method: booking ? 'POST' : 'GET',
            path: booking ? '/v1/integration/bookings' : paths[(n + i) % paths.length]!,
            headers: { 'x-api-key': key, ...(booking ? { 'content-type': 'application/json' } : {}) },
            body: booking
              ? JSON.stringify({
                  serviceId: 3,
                  startTime: `${date}T10:00:00+01:00`,
                  client: { name: `Load ${n}`, email: `load-${n}-${i}@example.com` },
                })
              : undefined,
          });
          await reply.body.dump();
          latencies.push(performance.now() - t0);
          requests += 1;
          byStatus[reply.statusCode] = (byStatus[reply.statusCode] ?? 0) + 1;
          if (reply.statusCode !== 429) {
            const window = `${keyIndex}@${reply.headers['x-ratelimit-reset']}`;
            admitted.set(window, (admitted.get(window) ?? 0) + 1);
          }
        } catch {
          connectionErrors += 1;
        }
        if (performance.now() - lastReport > 10_000) {
          lastReport = performance.now();
          log(`${Math.round((lastReport - started) / 1000)} s: ${requests} requests, RSS ${rss.at(-1)} MiB`);
        }
      }
    };
    await Promise.all(Array.from({ length: options.clients }, (_, n) => client(n)));
    const elapsed = performance.now() - started;
    clearInterval(sampler);
    rss.push(rssMiB(server.child.pid!));

    const overLimit = [...admitted]
      .filter(([, count]) => count > options.ratePerMinute)
      .map(([window, count]) => ({ key: Number(window.split('@')[0]), window: Number(window.split('@')[1]), admitted: count }));
    latencies.sort((a, b) => a - b);
    const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
    return {
      engine: options.databaseUrl ? 'postgres' : 'sqlite',
      durationMs: Math.round(elapsed),
      clients: options.clients,
      keys: options.keys,
      ratePerMinute: options.ratePerMinute,
      requests,
      requestsPerSecond: Math.round(requests / (elapsed / 1000)),
      byStatus,
      serverErrors: Object.entries(byStatus)
        .filter(([status]) => Number(status) >= 500)
        .reduce((sum, [, n]) => sum + n, 0),
      connectionErrors,
      mostAdmittedInAWindow: Math.max(...admitted.values()),
      windows: admitted.size,
      overLimit,
      latencyMs: { p50: at(0.5), p99: at(0.99), max: at(1) },
      rssMiB: { first: rss[0]!, last: rss.at(-1)!, max: Math.max(...rss), samples: rss },
    };
  } finally {
    await pool.close();
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

// `npm run load`: the full run, 200 clients on 50 keys for 60 s, with a report for docs/reliability.md.
// `npm run load -- --engine postgres` (or --database-url URL): the same on PostgreSQL (engine.ts).
if (import.meta.main) {
  const databaseUrl = await engineFromArgs();
  const report = await loadRun({
    databaseUrl,
    durationMs: Number(process.env.LOAD_SECONDS ?? 60) * 1000,
    clients: Number(process.env.LOAD_CLIENTS ?? 200),
    keys: Number(process.env.LOAD_KEYS ?? 50),
    ratePerMinute: Number(process.env.LOAD_RATE_PER_MINUTE ?? 30),
    log: (line) => console.error(line),
    nodeArgs: process.env.LOAD_NODE_ARGS === undefined ? undefined : process.env.LOAD_NODE_ARGS.split(' ').filter(Boolean),
    memoryFile: process.env.LOAD_MEMORY_FILE,
    memoryGcMs: Number(process.env.LOAD_MEMORY_GC_MS ?? 0),
    heapSnapshotsAt: process.env.LOAD_HEAP_SNAPSHOTS_AT?.split(',').filter(Boolean).map(Number),
  });
  console.log(JSON.stringify(report, null, 2));
  process.exitCode = report.serverErrors === 0 && report.overLimit.length === 0 && report.connectionErrors === 0 ? 0 : 1;
}
