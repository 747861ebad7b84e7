import fs from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import { createBusiness, changeBusiness } from '../../src/businesses/businesses.service.ts';
import type { WeeklyHours } from '../../src/time/hours.ts';
import type { WeeklySchedule } from '../../src/time/schedule.ts';
import { systemClock } from '../../src/clock.ts';
import { openConfiguredDatabase } from '../../src/db/open.ts';
import { Outbox } from '../../src/delivery/outbox.ts';
import { randomIds } from '../../src/ids.ts';
import { createKey } from '../../src/keys/keys.service.ts';
import { createService } from '../../src/services/services.service.ts';
import { ServiceCatalog } from '../../src/services/service-catalog.ts';
import { createStaff } from '../../src/staff/staff.service.ts';
import { cpuMicros, message, ROOT, spawnNode, startServer, stop, tempDir } from '../lib/processes.ts';
import type { Row, Scenario } from '../lib/scenario.ts';
import { median, round } from '../lib/stats.ts';

const STAFF = 40;
const ALL_DAY = { hours: [{ start: '00:00', end: '24:00' }], breaks: [] };

/**
 * A business of 40 staff working around the clock, a 15-minute service, a bookings:write key, and
 * `rounds` files of distinct booking bodies; in the data dir, or on PostgreSQL at `databaseUrl`.
 */
export async function bookingsFixture(
  rounds: number,
  perRound: number,
  databaseUrl?: string,
): Promise<{ dir: string; key: string; bodyFiles: string[] }> {
  const dir = tempDir('bookings');
  const database = await openConfiguredDatabase({ dataDir: dir, databaseUrl });
  const deps = {
    database,
    db: database.db,
    clock: systemClock,
    ids: randomIds,
    outbox: Outbox.forCommand(database, systemClock, randomIds),
    catalog: new ServiceCatalog(database),
  };
  const business = await createBusiness(database.db, systemClock, { name: 'Bench salon', timezone: 'UTC', currency: 'EUR' });
  const allWeek = Object.fromEntries(
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ start: '00:00', end: '24:00' }]]),
  ) as unknown as WeeklyHours;
  await changeBusiness(database.db, systemClock, business.id, { workingHours: allWeek, slotStepMinutes: 15 });
  const service = await database.transaction((trx) =>
    createService(trx, deps, business.id, { name: 'Quick trim', durationMinutes: 15, price: 1000 }),
  );
  const schedule = Object.fromEntries(
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, ALL_DAY]),
  ) as unknown as WeeklySchedule;
  const staffIds: number[] = [];
  for (let s = 0; s < STAFF; s++)
    staffIds.push(
      (await database.transaction((trx) => createStaff(trx, deps, business.id, { name: `Staff ${s}`, schedule, serviceIds: [service.id] })))
        .id,
    );
  const { key } = await createKey(deps, business.id, { name: 'bench', scopes: ['bookings:write'] });
  await database.close();

  // Distinct free slots: one per staff member per quarter hour, spread over the coming year
  // so no day fills up (a full day would measure slot search, not commits). Consecutive bookings
  // go to different staff members, as a salon's clients do: 50 requests in flight for one staff
  // member would measure the wait for that staff member's lock on PostgreSQL (bookings of one
  // staff member are made one after the other there), not the database.
  const start = DateTime.utc().plus({ days: 2 }).startOf('day');
  const bodyFiles: string[] = [];
  let n = 0;
  for (let r = 0; r < rounds; r++) {
    const lines: string[] = [];
    for (let i = 0; i < perRound; i++, n++) {
      const staff = staffIds[n % STAFF]!;
      const day = Math.floor(n / STAFF) % 360;
      const quarter = Math.floor(n / (STAFF * 360)) % 96;
      const startTime = start.plus({ days: day, minutes: quarter * 15 }).toISO();
      lines.push(
        JSON.stringify({ serviceId: service.id, staffId: staff, startTime, client: { name: `Client ${n}`, email: `c${n}@bench.test` } }),
      );
    }
    const file = path.join(dir, `bodies-${r}.jsonl`);
    fs.writeFileSync(file, lines.join('\n'));
    bodyFiles.push(file);
  }
  return { dir, key, bodyFiles };
}

/**
 * POSTs every booking body of `bodiesFile` to the server at `url` with `key` (50 connections, the
 * load generator on core 1), and answers its report; any answer but 201 is an error.
 */
export async function postBookings(url: string, key: string, bodiesFile: string) {
  const loader = spawnNode(
    path.join(ROOT, 'bench/lib/load.ts'),
    [
      JSON.stringify({
        url,
        method: 'POST',
        path: '/v1/integration/bookings',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        connections: 50,
        bodiesFile,
      }),
    ],
    1,
  );
  const result = await message<{ requests: number; perSecond: number; statuses: Record<string, number>; errors: number }>(loader);
  if (Object.keys(result.statuses).some((s) => s !== '201') || result.errors) {
    throw new Error(`unexpected answers: ${JSON.stringify(result.statuses)} errors ${result.errors}`);
  }
  return result;
}

export const bookingsScenario: Scenario = {
  name: 'bookings',
  description:
    'POST /v1/integration/bookings (distinct slots; client, booking and event rows; synchronous=FULL), 50 connections, vs raw better-sqlite3 single-row INSERT commits on the same disk',
  async run({ rounds, quick }) {
    const { dir, key, bodyFiles } = await bookingsFixture(rounds, quick ? 4000 : 30000);
    const server = await startServer(dir, { BOOKING_RATE_PER_MINUTE: '10000000', BOOKING_RATE_PER_DAY: '1000000000' });
    const ours: number[] = [];
    const baseline: number[] = [];
    const cpu: number[] = [];
    const rawDir = tempDir('raw-commits');
    try {
      for (let r = 0; r < rounds; r++) {
        const before = cpuMicros(server.child.pid!);
        const result = await postBookings(server.url, key, bodyFiles[r]!);
        cpu.push((cpuMicros(server.child.pid!) - before) / result.requests);
        ours.push(result.perSecond);
        const raw = spawnNode(
          path.join(ROOT, 'bench/baselines/raw-commits.ts'),
          [JSON.stringify({ dir: rawDir, durationMs: quick ? 2000 : 5000 })],
          0,
        );
        baseline.push((await message<{ perSecond: number }>(raw)).perSecond);
      }
    } finally {
      await stop(server.child);
    }
    const ratio = median(ours) / median(baseline);
    return [
      {
        scenario: 'bookings',
        metric: 'bookings/s vs commits/s',
        ours: round(median(ours), 0),
        baseline: round(median(baseline), 0),
        ratio: round(ratio),
        unit: '/s',
        goal: '≥ 0.80',
        met: ratio >= 0.8,
        rounds: { ours: ours.map((v) => round(v, 0)), baseline: baseline.map((v) => round(v, 0)) },
      },
      {
        // The server is bound by its CPU (group commit shares an fsync among ~24 bookings), the raw
        // commits by the disk's flush: on one core the ratio cannot pass commits/s × this ÷ 10⁶ below 1.
        scenario: 'bookings',
        metric: 'server CPU per booking',
        ours: round(median(cpu), 0),
        unit: 'µs',
        goal: 'reported',
        met: true,
        rounds: { ours: cpu.map((v) => round(v, 0)) },
      },
    ] satisfies Row[];
  },
};
