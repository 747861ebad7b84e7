// Load generator, run as its own process: N concurrent workers send requests through one undici
// Pool for a duration (or until a list of bodies is used up) and report throughput and latency.
//   args: JSON {url, urls?, method, path, headers, connections, durationMs?, bodiesFile?}
// With `urls` (several instances of one server), the workers are spread over them evenly.
import fs from 'node:fs';
import { Pool } from 'undici';
import { percentile } from './stats.ts';

interface Spec {
  url: string;
  /** Several instances: worker i sends to urls[i % urls.length]. */
  urls?: string[];
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  connections: number;
  durationMs?: number;
  /** One JSON body per line; each is sent once. */
  bodiesFile?: string;
  warmupMs?: number;
  /** Say `{ started: true }` just before the measured phase, and report this process's CPU in it (bench/tools/sizing.ts). */
  announce?: boolean;
}

const spec = JSON.parse(process.argv[2]!) as Spec;
const bodies = spec.bodiesFile ? fs.readFileSync(spec.bodiesFile, 'utf8').split('\n').filter(Boolean) : undefined;
const urls = spec.urls ?? [spec.url];
const pools = urls.map(
  (url) => new Pool(url, { connections: Math.ceil(spec.connections / urls.length), pipelining: 1, keepAliveTimeout: 60_000 }),
);
let next = 0;
const latencies: number[] = [];
const statuses: Record<string, number> = {};
let errors = 0;

async function worker(pool: Pool, until: number, record: boolean): Promise<void> {
  while (performance.now() < until) {
    let body: string | undefined;
    if (bodies) {
      if (next >= bodies.length) return;
      body = bodies[next++];
    }
    const started = performance.now();
    try {
      const response = await pool.request({ method: spec.method, path: spec.path, headers: spec.headers, body });
      await response.body.dump();
      if (record) {
        latencies.push(performance.now() - started);
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
      }
    } catch {
      errors += 1;
    }
  }
}

async function phase(ms: number, record: boolean): Promise<number> {
  const started = performance.now();
  const until = bodies ? Infinity : started + ms;
  await Promise.all(Array.from({ length: spec.connections }, (_, i) => worker(pools[i % pools.length]!, until, record)));
  return (performance.now() - started) / 1000;
}

if (spec.warmupMs && !bodies) await phase(spec.warmupMs, false);
if (spec.announce) process.send!({ started: true });
const cpuBefore = process.cpuUsage();
const seconds = await phase(spec.durationMs ?? 5_000, true);
const cpu = process.cpuUsage(cpuBefore);
await Promise.all(pools.map((pool) => pool.close()));
process.send!({
  requests: latencies.length,
  seconds,
  perSecond: latencies.length / seconds,
  p50: percentile(latencies, 50),
  p99: percentile(latencies, 99),
  statuses,
  errors,
  cpuSeconds: (cpu.user + cpu.system) / 1e6,
});
