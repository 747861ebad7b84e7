import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { NODE_FLAGS } from '../../src/node-flags.mjs';
import { cpuMicros, message, ROOT, spawnNode, stop, tempDir } from '../lib/processes.ts';
import type { Row, Scenario } from '../lib/scenario.ts';
import { median, percentile, round } from '../lib/stats.ts';

/** Pads event data so the signed body is about 1 KiB, like the baseline's. */
export const PADDING = 880;
/** The baseline's requests in flight to the one receiver. */
const BASELINE_CONNECTIONS = 50;
/**
 * The engine's concurrency for the throughput runs: a webhook may have a quarter of it in flight,
 * so 200 lets the one webhook have as many requests open as the baseline (the default, 64, allows
 * 16: plenty for a salon, and a cap on what one slow receiver can hold).
 */
export const THROUGHPUT_CONCURRENCY = 4 * BASELINE_CONNECTIONS;

export async function startReceiver(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawnNode(path.join(ROOT, 'bench/lib/receiver.ts'), [], 1);
  return { child, url: (await message<{ url: string }>(child, (m) => 'url' in m)).url };
}

export async function startDriver(
  receiverUrl: string,
  webhooks: number,
  concurrency?: number,
  databaseUrl?: string,
  /** Instances on one database share the first one's key (in its data dir). */
  secretsKeyFile?: string,
): Promise<{ child: ChildProcess; secret: string; dataDir: string }> {
  const dataDir = tempDir('engine');
  const child = spawnNode(
    path.join(ROOT, 'bench/lib/engine-driver.ts'),
    [JSON.stringify({ dataDir, receiverUrl, webhooks, concurrency, databaseUrl, secretsKeyFile })],
    0,
    {},
    NODE_FLAGS,
  );
  const ready = await message<{ secret: string }>(child, (m) => 'ready' in m);
  return { child, secret: ready.secret, dataDir };
}

export async function arm(receiver: ChildProcess, expect: number, recordArrivals = false) {
  receiver.send({ expect, recordArrivals });
  await message(receiver, (m) => 'armed' in m);
  return message<{ first: string; last: string }>(receiver, (m) => 'done' in m);
}

/** Deliveries per second: the engine sends `events × webhooks` deliveries, counted at the receiver. */
export async function engineThroughput(receiver: ChildProcess, driver: ChildProcess, events: number, webhooks: number): Promise<number> {
  const done = arm(receiver, events * webhooks);
  driver.send({ events, batch: 200, padding: PADDING });
  const emitted = await message<{ started: string }>(driver, (m) => 'emitted' in m);
  const { last } = await done;
  return (events * webhooks) / (Number(BigInt(last) - BigInt(emitted.started)) / 1e9);
}

/**
 * The baseline: raw undici POSTs of signed ~1 KiB bodies, concurrency 50, to the same receiver; its
 * deliveries per second and its CPU per request (signing, sending, reading the answer).
 */
async function rawThroughput(
  receiver: ChildProcess,
  url: string,
  secret: string,
  count: number,
): Promise<{ perSecond: number; cpuMicros: number }> {
  const raw = spawnNode(
    path.join(ROOT, 'bench/baselines/raw-undici.ts'),
    [JSON.stringify({ url, count, connections: BASELINE_CONNECTIONS, secret, padding: PADDING })],
    0,
  );
  await message(raw, (m) => 'ready' in m);
  const done = arm(receiver, count);
  raw.send({ go: true });
  const { started, cpuMicrosPerRequest } = await message<{ started: string; cpuMicrosPerRequest: number }>(raw, (m) => 'started' in m);
  const { last } = await done;
  return { perSecond: count / (Number(BigInt(last) - BigInt(started)) / 1e9), cpuMicros: cpuMicrosPerRequest };
}

/**
 * `engineThroughput` and the engine process's CPU per delivery in that run (emitting, claiming,
 * signing, sending and recording; read after the pass that records the last results).
 */
async function measuredThroughput(receiver: ChildProcess, driver: ChildProcess, events: number) {
  const before = cpuMicros(driver.pid!);
  const perSecond = await engineThroughput(receiver, driver, events, 1);
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { perSecond, cpuMicros: (cpuMicros(driver.pid!) - before) / events };
}

export const deliveryScenario: Scenario = {
  name: 'delivery',
  description:
    'Sustained delivery (events emitted as fast as the engine takes them, receiver answers 200 at once, synchronous=FULL, concurrency 200: 50 per webhook) vs raw undici Pool POSTs at concurrency 50; fan-out to 10 webhooks vs sustained',
  async run({ rounds, quick }) {
    const events = quick ? 3000 : 15000;
    const receiver = await startReceiver();
    const single = await startDriver(receiver.url, 1, THROUGHPUT_CONCURRENCY);
    const fanout = await startDriver(receiver.url, 10, THROUGHPUT_CONCURRENCY);
    const ours: number[] = [];
    const raw: number[] = [];
    const fan: number[] = [];
    const oursCpu: number[] = [];
    const rawCpu: number[] = [];
    try {
      for (let r = 0; r < rounds; r++) {
        const engine = await measuredThroughput(receiver.child, single.child, events);
        ours.push(engine.perSecond);
        oursCpu.push(engine.cpuMicros);
        const baseline = await rawThroughput(receiver.child, receiver.url, single.secret, events);
        raw.push(baseline.perSecond);
        rawCpu.push(baseline.cpuMicros);
        fan.push(await engineThroughput(receiver.child, fanout.child, events / 10, 10));
      }
    } finally {
      for (const driver of [single.child, fanout.child]) {
        driver.send({ stop: true });
        await new Promise((resolve) => driver.once('exit', resolve));
      }
      await stop(receiver.child);
    }
    const ratio = median(ours) / median(raw);
    const fanRatio = median(fan) / median(ours);
    return [
      {
        scenario: 'delivery',
        metric: 'deliveries/s, one webhook',
        ours: round(median(ours), 0),
        baseline: round(median(raw), 0),
        ratio: round(ratio),
        unit: '/s',
        goal: '≥ 0.70',
        met: ratio >= 0.7,
        rounds: { ours: ours.map((v) => round(v, 0)), baseline: raw.map((v) => round(v, 0)) },
      },
      {
        // Both run on one core, so the throughput's ratio cannot pass this one for long: the work per
        // delivery is what the engine adds to a send (the database's statements, their commit).
        scenario: 'delivery',
        metric: 'CPU per delivery (ratio: raw ÷ ours)',
        ours: round(median(oursCpu), 0),
        baseline: round(median(rawCpu), 0),
        ratio: round(median(rawCpu) / median(oursCpu)),
        unit: 'µs',
        goal: 'reported',
        met: true,
        rounds: { ours: oursCpu.map((v) => round(v, 0)), baseline: rawCpu.map((v) => round(v, 0)) },
      },
      {
        scenario: 'fan-out',
        metric: 'deliveries/s, one event to 10 webhooks',
        ours: round(median(fan), 0),
        baseline: round(median(ours), 0),
        ratio: round(fanRatio),
        unit: '/s',
        goal: '≥ 0.80',
        met: fanRatio >= 0.8,
        rounds: { ours: fan.map((v) => round(v, 0)), baseline: ours.map((v) => round(v, 0)) },
      },
    ] satisfies Row[];
  },
};

export const latencyScenario: Scenario = {
  name: 'latency',
  description: 'First-attempt latency from commit to receiver at 50 and 500 events/s (one event per transaction)',
  async run({ rounds, quick }) {
    const receiver = await startReceiver();
    const driver = await startDriver(receiver.url, 1);
    const rows: Row[] = [];
    try {
      for (const rate of [50, 500]) {
        const p50s: number[] = [];
        const p99s: number[] = [];
        const events = Math.round(rate * (quick ? 2 : 6));
        for (let r = 0; r < rounds; r++) {
          const done = arm(receiver.child, events, true);
          driver.child.send({ events, rate, padding: 100 });
          const emitted = await message<{ commits: Array<[number, string]> }>(driver.child, (m) => 'emitted' in m);
          await done;
          receiver.child.send({ arrivals: true });
          const { arrivals } = await message<{ arrivals: Record<string, string> }>(receiver.child, (m) => 'arrivals' in m);
          const latencies = emitted.commits.map(([seq, commit]) => Number(BigInt(arrivals[seq]!) - BigInt(commit)) / 1e6);
          p50s.push(percentile(latencies, 50));
          p99s.push(percentile(latencies, 99));
        }
        rows.push(
          {
            scenario: 'latency',
            metric: `p50 at ${rate} events/s`,
            ours: round(median(p50s)),
            unit: 'ms',
            // Issue 25: the first attempt at 500/s under 0.5 ms (p50) and 3 ms (p99); 50/s as before.
            goal: rate === 500 ? '< 0.5 ms' : '< 3 ms',
            met: median(p50s) < (rate === 500 ? 0.5 : 3),
            rounds: { ours: p50s.map((v) => round(v)) },
          },
          {
            scenario: 'latency',
            metric: `p99 at ${rate} events/s`,
            ours: round(median(p99s)),
            unit: 'ms',
            goal: rate === 500 ? '< 3 ms' : '< 15 ms',
            met: median(p99s) < (rate === 500 ? 3 : 15),
            rounds: { ours: p99s.map((v) => round(v)) },
          },
        );
      }
    } finally {
      driver.child.send({ stop: true });
      await new Promise((resolve) => driver.child.once('exit', resolve));
      await stop(receiver.child);
    }
    return rows;
  },
};
