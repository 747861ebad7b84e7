// Webhook receiver for benchmarks, run as its own process: answers 200 at once and, when asked,
// reports how many requests came and when (process.hrtime, monotonic and shared by all processes).
import http from 'node:http';

let count = 0;
let target = Infinity;
let first = 0n;
let last = 0n;
const arrivals = new Map<number, bigint>();
let recordArrivals = false;

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => {
    if (recordArrivals) chunks.push(chunk);
  });
  req.on('end', () => {
    const now = process.hrtime.bigint();
    count += 1;
    if (count === 1) first = now;
    last = now;
    // For latency runs: arrival time by the event's sequence number.
    if (recordArrivals) arrivals.set(JSON.parse(Buffer.concat(chunks).toString()).data.seq, now);
    res.writeHead(200, { 'content-length': '2' }).end('ok');
    if (count === target) process.send!({ done: true, count, first: String(first), last: String(last) });
  });
});
server.keepAliveTimeout = 60_000;

process.on('message', (m: any) => {
  if (m.expect !== undefined) {
    count = 0;
    target = m.expect;
    arrivals.clear();
    recordArrivals = Boolean(m.recordArrivals);
    process.send!({ armed: true });
  }
  if (m.arrivals) process.send!({ arrivals: Object.fromEntries([...arrivals].map(([seq, at]) => [seq, String(at)])) });
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.send!({ url: `http://127.0.0.1:${port}/hook` });
});
