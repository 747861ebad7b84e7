// The backlog scenario's peak RSS, several runs on one seeded database: seeds 1 000 000 finished
// and 100 000 due attempts once (as `npm run bench -- backlog` does), then starts the server on a
// fresh copy of that data folder per run and reads its memory from /proc every 250 ms for the
// scenario's 15 s: the peak VmRSS, with RssAnon and RssFile at that moment, the server's command
// line (its V8 flags) and how many deliveries it recorded as sent. Runs with other settings alternate
// with the plain one: `--env NAME=value` and `--node-arg --flag` (both repeatable) apply to every
// second run.
//
//   node bench/tools/backlog-rss.ts [--runs 4] [--seconds 15] [--env BOOKING_BACKUP_SCHEDULE=off] [--node-arg=--flag] [--snapshot-at 10]
//
// --snapshot-at N: a heap snapshot of the server N s into each run (Heap.*.heapsnapshot in the checkout).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { fixture, seed } from '../scenarios/backlog.ts';
import { message, ROOT, spawnNode, startServer, stop, tempDir } from '../lib/processes.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '15' },
    env: { type: 'string', multiple: true, default: [] },
    'snapshot-at': { type: 'string' },
    'node-arg': { type: 'string', multiple: true, default: [] },
  },
});
const variant = Object.fromEntries(values.env.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));

function memory(pid: number): { rss: number; anon: number; file: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)![1]) / 1024;
  return { rss: kib('VmRSS'), anon: kib('RssAnon'), file: kib('RssFile') };
}

const receiver = spawnNode(path.join(ROOT, 'bench/lib/receiver.ts'), [], 1);
const receiverUrl = (await message<{ url: string }>(receiver, (m) => 'url' in m)).url;
const seeded = await fixture('backlog-rss', receiverUrl);
await seeded.database.close();
const seedStarted = performance.now();
seed(seeded.dir, seeded.webhookId, 1_000_000, 100_000);
console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

try {
  for (let run = 0; run < Number(values.runs); run++) {
    const alternate = run % 2 === 1;
    const env = alternate ? variant : {};
    const nodeArgs = alternate ? values['node-arg'] : [];
    const dir = tempDir('backlog-rss-run');
    fs.cpSync(seeded.dir, dir, { recursive: true });
    receiver.send({ expect: Number.MAX_SAFE_INTEGER });
    await message(receiver, (m) => 'armed' in m);
    let snapshotAt = values['snapshot-at'] === undefined ? undefined : Date.now() + Number(values['snapshot-at']) * 1000;
    const server = await startServer(dir, { BOOKING_ALLOW_PRIVATE_TARGETS: 'true', ...env }, [
      ...nodeArgs,
      ...(snapshotAt === undefined ? [] : ['--heapsnapshot-signal=SIGUSR2']),
    ]);
    const pid = server.child.pid!;
    const flags = fs
      .readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .filter((a) => a.startsWith('--'));
    let peak = { rss: 0, anon: 0, file: 0 };
    const trace: string[] = [];
    const until = Date.now() + Number(values.seconds) * 1000;
    while (Date.now() < until) {
      const now = memory(pid);
      trace.push(`${Math.round(now.rss)}/${Math.round(now.anon)}/${Math.round(now.file)}`);
      if (now.rss > peak.rss) peak = now;
      // A heap snapshot (written into the checkout by the server) of what is alive at that moment.
      if (snapshotAt !== undefined && Date.now() >= snapshotAt) {
        process.kill(pid, 'SIGUSR2');
        snapshotAt = undefined;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await stop(server.child);
    const arrived = delivered(dir);
    fs.rmSync(dir, { recursive: true, force: true });
    console.log(
      `${JSON.stringify(env)} flags ${flags.join(' ')}: peak ${peak.rss.toFixed(1)} MiB (anon ${peak.anon.toFixed(1)}, file ${peak.file.toFixed(1)}), ${arrived} delivered; every second (RSS/anon/file): ${trace.filter((_, i) => i % 4 === 3).join(' ')}`,
    );
  }
} finally {
  await stop(receiver);
  fs.rmSync(seeded.dir, { recursive: true, force: true });
}

/** The deliveries recorded as sent in the run (the seed's history holds 900 000 successes). */
function delivered(dir: string): number {
  const db = new BetterSqlite3(path.join(dir, 'booking.db'), { readonly: true });
  try {
    return (db.prepare("select count(*) from delivery_attempts where status = 'success'").pluck().get() as number) - 900_000;
  } finally {
    db.close();
  }
}
