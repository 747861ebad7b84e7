import path from 'node:path';
import { DateTime } from 'luxon';
import { createBusiness } from '../../src/businesses/businesses.service.ts';
import { systemClock } from '../../src/clock.ts';
import { openConfiguredDatabase } from '../../src/db/open.ts';
import { Outbox } from '../../src/delivery/outbox.ts';
import { randomIds } from '../../src/ids.ts';
import { ServiceCatalog } from '../../src/services/service-catalog.ts';
import { createService } from '../../src/services/services.service.ts';
import { createStaff } from '../../src/staff/staff.service.ts';
import { message, ROOT, runLoad, spawnNode, startServer, stop, tempDir } from '../lib/processes.ts';
import type { Row, Scenario } from '../lib/scenario.ts';
import { median, round } from '../lib/stats.ts';

/** A salon as a booking page shows it: 12 services, 4 staff members doing all of them, Monday to Saturday. */
export async function bookingPageFixture(): Promise<{ dir: string; page: string; serviceId: number }> {
  const dir = tempDir('booking-page');
  const database = await openConfiguredDatabase({ dataDir: dir, databaseUrl: undefined });
  const deps = {
    database,
    db: database.db,
    clock: systemClock,
    ids: randomIds,
    outbox: Outbox.forCommand(database, systemClock, randomIds),
    catalog: new ServiceCatalog(database),
  };
  const business = await createBusiness(database.db, systemClock, { name: 'Bench salon', timezone: 'Europe/Berlin', currency: 'EUR' });
  const serviceIds: number[] = [];
  for (let i = 1; i <= 12; i++) {
    const input = { name: `Service ${i}`, durationMinutes: 15 + 5 * i, price: 1500 + i * 250 };
    serviceIds.push((await database.transaction((trx) => createService(trx, deps, business.id, input))).id);
  }
  for (let s = 1; s <= 4; s++) {
    await database.transaction((trx) => createStaff(trx, deps, business.id, { name: `Staff ${s}`, serviceIds }));
  }
  const page = (await database.db.selectFrom('businesses').select('page_slug').where('id', '=', business.id).executeTakeFirstOrThrow())
    .page_slug!;
  await database.close();
  return { dir, page, serviceId: serviceIds[2]! };
}

/** Requests/s of our endpoint and of a bare Koa app answering its bytes, round by round. */
async function measure(serverUrl: string, pathAndQuery: string, rounds: number, durationMs: number) {
  const bytes = Buffer.from(await (await fetch(`${serverUrl}${pathAndQuery}`)).arrayBuffer());
  const bare = spawnNode(path.join(ROOT, 'bench/baselines/bare-koa.ts'), [bytes.toString('base64')], 0);
  const bareUrl = (await message<{ url: string }>(bare)).url;
  const load = (url: string, target: string) =>
    runLoad({ url, method: 'GET', path: target, headers: {}, connections: 50, durationMs, warmupMs: 1000 });
  const ours: number[] = [];
  const baseline: number[] = [];
  try {
    for (let r = 0; r < rounds; r++) {
      const a = await load(serverUrl, pathAndQuery);
      if (Object.keys(a.statuses).some((s) => s !== '200')) throw new Error(`non-200 answers: ${JSON.stringify(a.statuses)}`);
      ours.push(a.perSecond);
      baseline.push((await load(bareUrl, '/')).perSecond);
    }
  } finally {
    await stop(bare);
  }
  return { ours, baseline, bytes: bytes.length };
}

function row(metric: string, { ours, baseline }: { ours: number[]; baseline: number[] }, goal: number): Row {
  const ratio = median(ours) / median(baseline);
  return {
    scenario: 'booking-page',
    metric,
    ours: round(median(ours), 0),
    baseline: round(median(baseline), 0),
    ratio: round(ratio),
    unit: 'req/s',
    goal: `≥ ${goal.toFixed(2)}`,
    met: ratio >= goal,
    rounds: { ours: ours.map((v) => round(v, 0)), baseline: baseline.map((v) => round(v, 0)) },
  };
}

export const bookingPageScenario: Scenario = {
  name: 'booking-page',
  description:
    "The booking page's endpoints without a key, limited per client address (12 services, 4 staff): GET /v1/booking-page/{page} and a week of GET …/slots, 50 connections, each vs a bare Koa app answering the same bytes",
  async run({ rounds, quick }) {
    const { dir, page, serviceId } = await bookingPageFixture();
    // One address sends everything here, so its per-address minute is lifted to the most allowed.
    const server = await startServer(dir, { BOOKING_PAGE_RATE_PER_MINUTE: '1000000' });
    const durationMs = quick ? 2000 : 5000;
    const monday = DateTime.now().setZone('Europe/Berlin').plus({ weeks: 1 }).startOf('week');
    const week = `from=${monday.toISODate()}&to=${monday.plus({ days: 6 }).toISODate()}`;
    try {
      const salon = await measure(server.url, `/v1/booking-page/${page}`, rounds, durationMs);
      const slots = await measure(server.url, `/v1/booking-page/${page}/slots?serviceId=${serviceId}&${week}`, rounds, durationMs);
      return [row("the salon's page data", salon, 0.6), row('a week of free times', slots, 0.3)];
    } finally {
      await stop(server.child);
    }
  },
};
