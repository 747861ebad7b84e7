// npm run bench:profile -- services|booking-page|bookings|delivery|services-ladder|pg-bookings|pg-delivery [instances]
// Runs the scenario's server with --cpu-prof under the scenario's load, then prints where the
// server spent its time (self time by package and by function). The profile stays in build/profiles/.
// services-ladder profiles nothing: it measures bare Koa, then Koa with the contract's headers,
// middleware layers and router (bench/baselines/koa-ladder.ts), then booking-api, interleaved.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { message, ROOT, runLoad, spawnNode, startServer, stop, tempDir } from './lib/processes.ts';
import { median } from './lib/stats.ts';
import { NODE_FLAGS } from '../src/node-flags.mjs';
import { bookingPageFixture } from './scenarios/booking-page.ts';
import { bookingsFixture } from './scenarios/bookings.ts';
import { servicesFixture, UNLIMITED } from './scenarios/services.ts';
import { profilePgBookings, profilePgDelivery } from './scenarios/postgres.ts';

const scenario = process.argv[2];
if (scenario === 'services-ladder') {
  await ladder();
  process.exit(0);
}
const dir = path.join(ROOT, 'build', 'profiles', `${scenario}-${Date.now()}`);
fs.mkdirSync(dir, { recursive: true });
const profiled = ['--cpu-prof', `--cpu-prof-dir=${dir}`];

if (scenario === 'services') {
  const fixture = await servicesFixture();
  const server = await startServer(fixture.dir, { ...UNLIMITED, BENCH_SQL_PROFILE: '1' }, profiled, true);
  const report = await runLoad({
    url: server.url,
    method: 'GET',
    path: '/v1/integration/services',
    headers: { 'x-api-key': fixture.key },
    connections: 50,
    durationMs: 5000,
    warmupMs: 1000,
  });
  console.log(`${Math.round(report.perSecond)} req/s, p99 ${report.p99.toFixed(1)} ms`);
  await stop(server.child);
} else if (scenario === 'booking-page') {
  const fixture = await bookingPageFixture();
  const server = await startServer(fixture.dir, { BOOKING_PAGE_RATE_PER_MINUTE: '1000000', BENCH_SQL_PROFILE: '1' }, profiled, true);
  const report = await runLoad({
    url: server.url,
    method: 'GET',
    path: `/v1/booking-page/${fixture.page}`,
    headers: {},
    connections: 50,
    durationMs: 5000,
    warmupMs: 1000,
  });
  console.log(`${Math.round(report.perSecond)} req/s, p99 ${report.p99.toFixed(1)} ms, ${JSON.stringify(report.statuses)}`);
  await stop(server.child);
} else if (scenario === 'bookings') {
  const fixture = await bookingsFixture(1, 8000);
  const server = await startServer(fixture.dir, { ...UNLIMITED, BENCH_SQL_PROFILE: '1' }, profiled, true);
  const report = await runLoad({
    url: server.url,
    method: 'POST',
    path: '/v1/integration/bookings',
    headers: { 'x-api-key': fixture.key, 'content-type': 'application/json' },
    connections: 50,
    bodiesFile: fixture.bodyFiles[0],
  });
  console.log(`${Math.round(report.perSecond)} bookings/s, p99 ${report.p99.toFixed(1)} ms, ${JSON.stringify(report.statuses)}`);
  await stop(server.child);
} else if (scenario === 'delivery') {
  const receiver = spawnNode(path.join(ROOT, 'bench/lib/receiver.ts'), [], 1);
  const { url } = await message<{ url: string }>(receiver, (m) => 'url' in m);
  const driver = spawnNode(
    path.join(ROOT, 'bench/lib/engine-driver.ts'),
    [JSON.stringify({ dataDir: tempDir('engine'), receiverUrl: url, webhooks: 1, concurrency: 200 })],
    0,
    { BENCH_SQL_PROFILE: '1' },
    [...NODE_FLAGS, ...profiled],
  );
  await message(driver, (m) => 'ready' in m);
  const events = 15000;
  receiver.send({ expect: events });
  await message(receiver, (m) => 'armed' in m);
  const done = message<{ last: string }>(receiver, (m) => 'done' in m);
  driver.send({ events, batch: 200, padding: 880 });
  const { started } = await message<{ started: string }>(driver, (m) => 'emitted' in m);
  const { last } = await done;
  console.log(`${Math.round(events / (Number(BigInt(last) - BigInt(started)) / 1e9))} deliveries/s`);
  driver.send({ stop: true });
  await new Promise((resolve) => driver.once('exit', resolve));
  await stop(receiver);
} else if (scenario === 'pg-bookings') {
  // Several instances on one PostgreSQL: each one's profile is summarised below, one after the other.
  const instances = Number(process.argv[3] ?? 2);
  const dirs = Array.from({ length: instances }, (_, i) => path.join(dir, `instance-${i + 1}`));
  if (!(await profilePgBookings(dirs))) process.exit(0);
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const [i, instanceDir] of dirs.entries()) {
    console.log(`\n=== instance ${i + 1} of ${instances}`);
    summarise(instanceDir, 15);
  }
  process.exit(0);
} else if (scenario === 'pg-delivery') {
  // Statements per delivery on PostgreSQL, counted and listed (no CPU profile).
  await profilePgDelivery(Number(process.argv[3] ?? 1), Number(process.argv[4] ?? 8000));
  process.exit(0);
} else {
  console.error('usage: npm run bench:profile -- services|bookings|delivery|services-ladder|pg-bookings|pg-delivery [instances]');
  process.exit(2);
}
await new Promise((resolve) => setTimeout(resolve, 500));
summarise(dir, 25);

function summarise(profileDir: string, top: number): void {
  const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${profileDir}`);
  execFileSync(process.execPath, [path.join(ROOT, 'bench/profile-summary.ts'), path.join(profileDir, file), String(top)], {
    stdio: 'inherit',
  });
}

/** Requests/s of each step of the ladder and of booking-api, 3 interleaved rounds, medians. */
async function ladder(): Promise<void> {
  const fixture = await servicesFixture();
  const server = await startServer(fixture.dir, UNLIMITED);
  const headers = { 'x-api-key': fixture.key };
  const bytes = Buffer.from(await (await fetch(`${server.url}/v1/integration/services`, { headers })).arrayBuffer());
  const steps = ['bare', 'headers', 'layers', 'router'];
  const results = new Map<string, number[]>([...steps, 'booking-api'].map((s) => [s, []]));
  const load = (url: string, p: string) =>
    runLoad({ url, method: 'GET', path: p, headers, connections: 50, durationMs: 4000, warmupMs: 1000 });
  for (let round = 0; round < 3; round++) {
    for (const step of steps) {
      const child = spawnNode(path.join(ROOT, 'bench/baselines/koa-ladder.ts'), [bytes.toString('base64'), step], 0);
      const { url } = await message<{ url: string }>(child);
      results.get(step)!.push((await load(url, step === 'router' ? '/v1/integration/services' : '/')).perSecond);
      await stop(child);
    }
    results.get('booking-api')!.push((await load(server.url, '/v1/integration/services')).perSecond);
  }
  await stop(server.child);
  const bare = median(results.get('bare')!);
  console.log('| step | requests/s | of bare Koa | µs per request |\n|---|---|---|---|');
  for (const [step, values] of results) {
    const perSecond = median(values);
    console.log(`| ${step} | ${Math.round(perSecond)} | ${(perSecond / bare).toFixed(2)} | ${(1e6 / perSecond).toFixed(1)} |`);
  }
}
