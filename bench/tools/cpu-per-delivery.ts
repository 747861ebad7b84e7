// node bench/tools/cpu-per-delivery.ts <checkout> [events] [rounds]: the engine process's CPU per delivery (utime+stime
// from /proc), the delivery scenario's load: one webhook (a custom header, a rotated secret in its grace period: two
// signatures), SQLite with synchronous=FULL, concurrency 200, events of ~1 KiB emitted in batches of 200 per transaction
// in the same process. The CPU counted is the emit, the claims, the signing and sending and the recording of results.
// After a warm-up of as many events, and after the first backup (taken ~10 s after set-up) is out of the way.
// Alternate two checkouts (A B A B) to compare commits: CPU time moves far less with the neighbours' load than a rate does.
import fs from 'node:fs';
import path from 'node:path';
const [root, eventsText, roundsText] = process.argv.slice(2);
const events = Number(eventsText ?? 15000);
const rounds = Number(roundsText ?? 3);
const { startReceiver, startDriver, engineThroughput, THROUGHPUT_CONCURRENCY } = await import(
  path.join(root!, 'bench/scenarios/delivery.ts')
);
const { stop } = await import(path.join(root!, 'bench/lib/processes.ts'));
const receiver = await startReceiver();
const driver = await startDriver(receiver.url, 1, THROUGHPUT_CONCURRENCY);
const ready = Date.now();
const cpu = () => {
  const fields = fs.readFileSync(`/proc/${driver.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000; // ticks (100/s) → µs
};
await engineThroughput(receiver.child, driver.child, events, 1); // warm-up
const wait = 12_000 - (Date.now() - ready);
if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
const us: number[] = [];
const perSecond: number[] = [];
for (let r = 0; r < rounds; r++) {
  const before = cpu();
  perSecond.push(Math.round(await engineThroughput(receiver.child, driver.child, events, 1)));
  // The last results are recorded on the engine's next pass: let it run before reading.
  await new Promise((resolve) => setTimeout(resolve, 200));
  us.push(Math.round((cpu() - before) / events));
}
const median = [...us].sort((a, b) => a - b)[Math.floor(us.length / 2)];
console.log(JSON.stringify({ root, usPerDelivery: median, rounds: us, perSecond }));
driver.child.send({ stop: true });
await new Promise((resolve) => driver.child.once('exit', resolve));
await stop(receiver.child);
fs.rmSync(driver.dataDir, { recursive: true, force: true });
