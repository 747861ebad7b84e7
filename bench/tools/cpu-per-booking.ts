// node bench/tools/cpu-per-booking.ts <checkout> [count]: the server's CPU per booking (utime+stime from /proc), one run of the bookings scenario's load.
// Alternate two checkouts (A B A B) to compare commits: CPU time moves far less with the neighbours' load than a rate does.
import fs from 'node:fs';
import path from 'node:path';
import { postBookings } from '../scenarios/bookings.ts';
const [root, countText] = process.argv.slice(2);
const count = Number(countText ?? 8000);
const { bookingsFixture } = await import(path.join(root!, 'bench/scenarios/bookings.ts'));
const { startServer, stop } = await import(path.join(root!, 'bench/lib/processes.ts'));
const { dir, key, bodyFiles } = await bookingsFixture(2, count);
const server = await startServer(dir, { BOOKING_RATE_PER_MINUTE: '10000000', BOOKING_RATE_PER_DAY: '1000000000' });
const cpu = () => {
  const fields = fs.readFileSync(`/proc/${server.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000; // ticks (100/s) → µs
};
// The load comes from this tree's generator; the fixture and the server are the checkout's.
const run = (file: string) => postBookings(server.url, key, file);
await run(bodyFiles[0]); // warm-up
const before = cpu();
const result = await run(bodyFiles[1]);
const used = cpu() - before;
console.log(JSON.stringify({ root, usPerBooking: Math.round(used / count), perSecond: Math.round(result.perSecond) }));
await stop(server.child);
fs.rmSync(dir, { recursive: true, force: true });
