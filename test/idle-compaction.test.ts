import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { exposeGc, IdleCompaction, shouldCompact } from '../src/memory.ts';
import { ADMIN_TOKEN } from './helpers/app.ts';
import { startServeProcess } from './helpers/cli.ts';
import { captureLogs } from './helpers/log-capture.ts';
import { eventually } from './helpers/wait.ts';

const MiB = 1024 * 1024;
const gaveBack = (entries: any[]) => entries.filter((entry) => entry.msg === 'idle: gave memory back');

/** Grows the heap: some megabytes of small objects kept until the next collection, then dropped. */
function growHeap(megabytes: number): void {
  let kept: object[] | undefined = [];
  for (let i = 0; i < megabytes * 16_000; i++) kept.push({ i, text: `item ${i}` });
  kept = undefined;
}

describe('giving memory back when the server is quiet', () => {
  it('compacts only when the loop was idle and the heap grew since the last time', () => {
    const rule = { idleBelow: 0.01, growthBytes: 4 * MiB };
    assert.equal(shouldCompact({ busy: 0.002, heapBytes: 26 * MiB, heapAfterLast: 0 }, rule), true, 'quiet, grown');
    assert.equal(shouldCompact({ busy: 0.03, heapBytes: 26 * MiB, heapAfterLast: 0 }, rule), false, 'light load');
    assert.equal(shouldCompact({ busy: 0.002, heapBytes: 20 * MiB, heapAfterLast: 18 * MiB }, rule), false, 'grew too little');
    assert.equal(shouldCompact({ busy: 0.002, heapBytes: 22 * MiB, heapAfterLast: 18 * MiB }, rule), true, 'grew enough');
  });

  it("gets V8's gc() without leaving --expose-gc on", () => {
    const hadGc = 'gc' in globalThis;
    assert.equal(typeof exposeGc(), 'function');
    assert.equal('gc' in globalThis, hadGc, 'no global gc appears');
  });

  it('gives back what start-up grew, waits while the loop is busy, and gives back again after a burst', async () => {
    const logs = captureLogs('debug');
    growHeap(16);
    // Looks every 60 ms; idle is below 20 % busy there (the test's own polling is work too).
    const compaction = new IdleCompaction({ logger: logs.logger, firstAfterMs: 20, everyMs: 60, idleBelow: 0.2, growthBytes: 2 * MiB });
    compaction.start();
    try {
      const [first] = await eventually(() => (gaveBack(logs.entries()).length === 1 ? gaveBack(logs.entries()) : undefined), 5_000);
      assert.ok(first.heapAfterMiB < first.heapBeforeMiB, `heap ${first.heapBeforeMiB} -> ${first.heapAfterMiB} MiB`);
      assert.ok(first.rssMiB > 0 && first.ms >= 0);

      // A busy loop for half a second after the heap grew, letting the looks run between spins of
      // 40 ms (through setImmediate, not a timer: a timer late on a loaded machine is idle time):
      // nothing happens.
      growHeap(16);
      const busyUntil = Date.now() + 500;
      while (Date.now() < busyUntil) {
        const spinUntil = Date.now() + 40;
        while (Date.now() < spinUntil);
        await new Promise((resolve) => setImmediate(resolve));
      }
      assert.equal(gaveBack(logs.entries()).length, 1, 'no compaction while busy');

      // Quiet again: what the burst grew is given back.
      const [, second] = await eventually(() => (gaveBack(logs.entries()).length === 2 ? gaveBack(logs.entries()) : undefined), 5_000);
      assert.ok(second.heapAfterMiB < second.heapBeforeMiB);
      assert.ok(second.busy < 0.2);
    } finally {
      compaction.stop();
    }
  });

  describe('in the real server', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idle-compaction-'));
    after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    it('gives back what start-up grew about a second after it listens', async () => {
      const server = await startServeProcess(['--data', dataDir], { BOOKING_ADMIN_TOKEN: ADMIN_TOKEN, BOOKING_LOG_LEVEL: 'debug' });
      try {
        const listened = Date.now();
        const entry = await eventually(
          () =>
            server
              .output()
              .stdout.split('\n')
              .filter((line) => line.includes('idle: gave memory back'))
              .map((line) => JSON.parse(line))[0],
          8_000,
          'the compaction after start',
        );
        assert.ok(Date.now() - listened < 6_000);
        assert.ok(entry.heapAfterMiB < entry.heapBeforeMiB - 2, `heap ${entry.heapBeforeMiB} -> ${entry.heapAfterMiB} MiB`);
        const health = await fetch(`${server.url}/healthz`);
        assert.equal(health.status, 200, 'still serving after it');
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    });
  });
});
