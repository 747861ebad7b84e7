import { execFileSync, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { ROOT, rssMiB, stop, tempDir } from '../lib/processes.ts';
import type { Row, Scenario } from '../lib/scenario.ts';
import { median, round } from '../lib/stats.ts';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A file the build has just written stays in the page cache in large pieces that the kernel maps
 * whole around each page fault, so a start right after the build counts ~16 MiB more of the node
 * binary as resident than any later start (104 vs 88 MiB, docs/performance.md). Dropping the
 * file's pages (coreutils' dd with `nocache`: posix_fadvise DONTNEED) measures what a salon's
 * machine sees, where the file was copied on or the machine restarted.
 */
function dropFromPageCache(file: string): void {
  try {
    execFileSync('dd', [`if=${file}`, 'iflag=nocache', 'count=0', 'status=none']);
  } catch {
    console.error('  dd could not drop the executable from the page cache: idle RSS is read as right after a build');
  }
}

/** Starts the executable and polls /healthz every 2 ms; returns ms to the first 200 and the process. */
async function startAndTime(exe: string, dataDir: string) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(exe, ['serve', '--port', String(port), '--data', dataDir], {
    env: { PATH: '/nonexistent', BOOKING_ADMIN_TOKEN: 'bench-admin-token-000000000000000000', BOOKING_LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 10_000) throw new Error('the executable did not answer within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return { ms: performance.now() - started, child };
}

export const executableScenario: Scenario = {
  name: 'executable',
  description: 'The single executable: start to first 200 (data dir already created), and idle RSS',
  async run({ rounds }) {
    execFileSync(process.execPath, [path.join(ROOT, 'build.mjs')], { cwd: ROOT, stdio: 'ignore' });
    const exe = path.join(ROOT, 'dist', 'booking-api');
    dropFromPageCache(exe);
    const dataDir = tempDir('executable');
    const first = await startAndTime(exe, dataDir);
    await stop(first.child);
    const times: number[] = [];
    const rss: number[] = [];
    for (let i = 0; i < Math.max(5, rounds * 3); i++) {
      const run = await startAndTime(exe, dataDir);
      times.push(run.ms);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      rss.push(rssMiB(run.child.pid!));
      await stop(run.child);
    }
    return [
      {
        scenario: 'executable',
        metric: 'start to first 200',
        ours: round(median(times), 0),
        unit: 'ms',
        goal: '< 250 ms',
        met: median(times) < 250,
        rounds: { ours: times.map((v) => round(v, 0)) },
      },
      {
        scenario: 'executable',
        metric: 'idle RSS',
        ours: round(median(rss), 1),
        unit: 'MiB',
        goal: '< 80 MiB',
        met: median(rss) < 80,
        rounds: { ours: rss.map((v) => round(v, 1)) },
      },
    ] satisfies Row[];
  },
};
