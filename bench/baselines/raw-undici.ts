// Baseline for delivery: raw undici Pool POSTs of signed ~1 KiB bodies, concurrency 50, to the
// same receiver. Each request is signed the way a delivery is (both schemes), then sent.
import { Pool } from 'undici';
import { deliveryHeaders } from '../../src/delivery/signing.ts';
import { envelopeBody } from '../../src/delivery/envelope.ts';

const { url, count, connections, secret, padding } = JSON.parse(process.argv[2]!) as {
  url: string;
  count: number;
  connections: number;
  secret: string;
  padding: number;
};
const target = new URL(url);
const pool = new Pool(target.origin, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
let next = 0;

async function worker(): Promise<void> {
  while (next < count) {
    const i = next++;
    const deliveryId = `whdel_raw${i}`;
    const body = envelopeBody(deliveryId, 'booking.created', Date.now(), { seq: i, note: 'x'.repeat(padding) });
    const headers = deliveryHeaders({ secret, deliveryId, event: 'booking.created', body, sentAt: Date.now(), userAgent: 'bench' });
    const response = await pool.request({ method: 'POST', path: target.pathname, headers, body });
    await response.body.dump();
  }
}

process.once('message', async () => {
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  await Promise.all(Array.from({ length: connections }, worker));
  await pool.close();
  const used = process.cpuUsage(cpu);
  process.send!({ started: String(started), cpuMicrosPerRequest: (used.user + used.system) / count });
});
process.send!({ ready: true });
