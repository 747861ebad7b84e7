// Preloaded into the server of `npm run load` with LOAD_MEMORY_FILE set (node --import this file):
// every second one JSON line with the server's process.memoryUsage() in MiB, appended to the file
// named by BOOKING_LOAD_MEMORY_FILE. With BOOKING_LOAD_MEMORY_GC_MS (and --expose-gc) it also runs
// a full GC that often and records the heap left after it (`liveHeap`): what is really retained,
// as opposed to garbage V8 has not yet collected. BOOKING_LOAD_SNAPSHOTS_AT (seconds, comma-
// separated) writes a heap snapshot at those times beside the file, to compare what is retained.
// Nothing of this is in the product.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

const file = process.env.BOOKING_LOAD_MEMORY_FILE;
if (file) {
  const started = Date.now();
  const mib = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
  const gcEvery = Number(process.env.BOOKING_LOAD_MEMORY_GC_MS ?? 0);
  const gc = (globalThis as { gc?: () => void }).gc;
  let lastGc = started;
  const snapshotsAt = (process.env.BOOKING_LOAD_SNAPSHOTS_AT ?? '').split(',').filter(Boolean).map(Number);
  setInterval(() => {
    const line: Record<string, number> = { t: Math.round((Date.now() - started) / 100) / 10 };
    if (snapshotsAt.length > 0 && line.t! >= snapshotsAt[0]!) {
      const at = snapshotsAt.shift()!;
      v8.writeHeapSnapshot(path.join(path.dirname(file), `${path.basename(file, '.jsonl')}-${at}s.heapsnapshot`));
      line.snapshot = at;
    }
    if (gc && gcEvery > 0 && Date.now() - lastGc >= gcEvery) {
      lastGc = Date.now();
      gc();
      line.liveHeap = mib(process.memoryUsage().heapUsed);
    }
    const m = process.memoryUsage();
    Object.assign(line, {
      rss: mib(m.rss),
      heapTotal: mib(m.heapTotal),
      heapUsed: mib(m.heapUsed),
      external: mib(m.external),
      arrayBuffers: mib(m.arrayBuffers),
    });
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, 1000).unref();
}
