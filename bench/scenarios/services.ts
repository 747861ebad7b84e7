import { createBusiness } from '../../src/businesses/businesses.service.ts';
import { openDatabase } from '../../src/db/sqlite/connection.ts';
import { randomIds } from '../../src/ids.ts';
import { createKey } from '../../src/keys/keys.service.ts';
import { systemClock } from '../../src/clock.ts';
import { insertService } from '../../src/services/services.repository.ts';
import { message, ROOT, runLoad, spawnNode, startServer, stop, tempDir } from '../lib/processes.ts';
import type { Scenario } from '../lib/scenario.ts';
import { median, round } from '../lib/stats.ts';
import path from 'node:path';

function load(url: string, path: string, headers: Record<string, string>, durationMs: number) {
  return runLoad({ url, method: 'GET', path, headers, connections: 50, durationMs, warmupMs: 1000 });
}

/** A data dir with a business of 20 services and a services:read key. */
export async function servicesFixture(): Promise<{ dir: string; key: string }> {
  const dir = tempDir('services');
  const database = await openDatabase(dir);
  const business = await createBusiness(database.db, systemClock, { name: 'Bench salon', timezone: 'Europe/Berlin', currency: 'EUR' });
  for (let i = 1; i <= 20; i++) {
    const now = Date.now();
    await insertService(database.db, {
      business_id: business.id,
      name: `Service ${i}`,
      description: `A service of ${15 + i} minutes with a description of typical length.`,
      duration_minutes: 15 + i,
      price: 1000 + i * 100,
      currency: 'EUR',
      active: 1,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
  }
  const { key } = await createKey({ db: database.db, clock: systemClock, ids: randomIds }, business.id, {
    name: 'bench',
    scopes: ['services:read'],
  });
  await database.close();
  return { dir, key };
}

export const UNLIMITED = { BOOKING_RATE_PER_MINUTE: '10000000', BOOKING_RATE_PER_DAY: '1000000000' };

export const servicesScenario: Scenario = {
  name: 'services',
  description:
    'GET /v1/integration/services (20 services), key auth + scope + rate limit, 50 connections, vs a bare Koa app answering the same bytes',
  async run({ rounds, quick }) {
    const { dir, key } = await servicesFixture();
    const server = await startServer(dir, UNLIMITED);
    const bytes = Buffer.from(
      await (await fetch(`${server.url}/v1/integration/services`, { headers: { 'X-API-Key': key } })).arrayBuffer(),
    );
    const bare = spawnNode(path.join(ROOT, 'bench/baselines/bare-koa.ts'), [bytes.toString('base64')], 0);
    const bareUrl = (await message<{ url: string }>(bare)).url;
    const durationMs = quick ? 2000 : 5000;
    const ours: number[] = [];
    const baseline: number[] = [];
    const p99s: number[] = [];
    try {
      for (let r = 0; r < rounds; r++) {
        const a = await load(server.url, '/v1/integration/services', { 'x-api-key': key }, durationMs);
        if (Object.keys(a.statuses).some((s) => s !== '200')) throw new Error(`non-200 answers: ${JSON.stringify(a.statuses)}`);
        ours.push(a.perSecond);
        p99s.push(a.p99);
        baseline.push((await load(bareUrl, '/', {}, durationMs)).perSecond);
      }
    } finally {
      await stop(server.child);
      await stop(bare);
    }
    const ratio = median(ours) / median(baseline);
    return [
      {
        scenario: 'services',
        metric: 'requests/s',
        ours: round(median(ours), 0),
        baseline: round(median(baseline), 0),
        ratio: round(ratio),
        unit: 'req/s',
        goal: '≥ 0.75',
        met: ratio >= 0.75,
        rounds: { ours: ours.map((v) => round(v, 0)), baseline: baseline.map((v) => round(v, 0)) },
      },
      {
        scenario: 'services',
        metric: 'p99 latency',
        ours: round(median(p99s)),
        unit: 'ms',
        goal: '< 10 ms',
        met: median(p99s) < 10,
        rounds: { ours: p99s.map((v) => round(v)) },
      },
    ];
  },
};
