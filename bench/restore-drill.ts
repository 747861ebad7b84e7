// The restore drill of docs/reliability.md ("Backups"), timed: a salon's year of data (20 000
// bookings, their clients, events, and 100 000 webhook deliveries with their attempts), backed up
// by the server as the schedule would, then put back into an empty data dir with one command, and
// a server started on it.
//   node bench/restore-drill.ts [bookings, default 20000]
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { NODE_FLAGS } from '../src/node-flags.mjs';
import { ROOT, tempDir } from './lib/processes.ts';

const BIN = path.join(ROOT, 'src/bin.mjs');
const TOKEN = 'drill-admin-token-00000000000000000000';
const bookings = Number(process.argv[2] ?? 20_000);
const WEBHOOKS = 5;

function cli(args: string[], env: Record<string, string> = {}) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [...NODE_FLAGS, BIN, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`booking-api ${args.join(' ')}: ${result.stderr}`);
  return { stdout: result.stdout, ms: performance.now() - started };
}

async function serve(data: string, env: Record<string, string>) {
  const started = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, BIN, 'serve', '--port', '0', '--data', data], {
    env: { ...process.env, BOOKING_ADMIN_TOKEN: TOKEN, BOOKING_LOG_LEVEL: 'warn', BOOKING_BACKUP_SCHEDULE: 'off', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const match = /at (http:\S+?)\/ /.exec(stderr);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${stderr}`)));
  });
  const ms = performance.now() - started;
  const stop = () => new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM'));
  return { url, ms, stop };
}

/** A year of a salon, written straight into the demo's database. */
function seed(file: string): void {
  const db = new BetterSqlite3(file);
  db.pragma('synchronous = OFF');
  const now = Date.now();
  const year = now - 365 * 24 * 3600_000;
  const webhook = db.prepare(
    "insert into webhooks (business_id, api_key_id, target_url, events, description, secret, status, consecutive_failures, disabled_reason, last_triggered_at, created_at, updated_at) values (1, 1, ?, '[\"booking.created\"]', '', ?, 'active', 0, null, null, ?, ?)",
  );
  const client = db.prepare(
    "insert into clients (business_id, name, email, email_normalized, phone, notes, created_at, updated_at) values (1, ?, ?, ?, ?, '', ?, ?)",
  );
  const booking = db.prepare(
    "insert into bookings (business_id, service_id, staff_id, client_id, status, start_at, end_at, price, currency, notes, source, api_key_id, created_at, updated_at) values (1, 1, ?, ?, 'completed', ?, ?, 3500, 'EUR', '', 'integration', 1, ?, ?)",
  );
  const event = db.prepare("insert into events (business_id, event, data, booking_id, created_at) values (1, 'booking.created', ?, ?, ?)");
  const delivery = db.prepare(
    "insert into deliveries (delivery_id, webhook_id, event_id, event, body, created_at) values (?, ?, ?, 'booking.created', ?, ?)",
  );
  const attempt = db.prepare(
    "insert into delivery_attempts (delivery_pk, webhook_id, attempt_number, status, trigger, due_at, lease_until, sent_at, response_status_code, response_time_ms, error_message, response_excerpt, created_at, updated_at) values (?, ?, 1, 'success', 'event', ?, null, ?, 200, 40, null, 'ok', ?, ?)",
  );
  db.transaction(() => {
    const hooks: number[] = [];
    for (let w = 0; w < WEBHOOKS; w++) {
      hooks.push(
        Number(webhook.run(`http://127.0.0.1:9/hook-${w}`, `whsec_${randomBytes(24).toString('base64')}`, year, year).lastInsertRowid),
      );
    }
    const clients = Math.round(bookings / 3);
    for (let c = 0; c < clients; c++)
      client.run(`Client ${c}`, `client${c}@example.com`, `client${c}@example.com`, `+49 30 ${c}`, year, year);
    for (let b = 0; b < bookings; b++) {
      // Two staff, 50 minutes apart each (45-minute visits): a year, and no two of one person overlap.
      const start = year + Math.floor(b / 2) * 50 * 60_000;
      const created = start - 86_400_000;
      const clientId = 1 + (b % clients);
      const id = Number(booking.run(1 + (b % 2), clientId, start, start + 45 * 60_000, created, created).lastInsertRowid);
      const data = JSON.stringify({
        bookingId: id,
        status: 'confirmed',
        startTime: new Date(start).toISOString(),
        clientId,
        note: 'x'.repeat(200),
      });
      const eventId = Number(event.run(data, id, created).lastInsertRowid);
      for (const hook of hooks) {
        const deliveryId = `whdel_${randomBytes(12).toString('hex')}`;
        const body = JSON.stringify({
          id: deliveryId,
          event: 'booking.created',
          createdAt: new Date(created).toISOString(),
          data: JSON.parse(data),
        });
        const pk = Number(delivery.run(deliveryId, hook, eventId, body, created).lastInsertRowid);
        attempt.run(pk, hook, created, created, created, created);
      }
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

const data = path.join(tempDir('drill'), 'data');
const folder = tempDir('drill-backups');
const restored = path.join(tempDir('drill-restored'), 'data');
cli(['demo', '--data', data]);
// One start makes the secrets key, which the seeded secrets are sealed with at the next start.
await (await serve(data, {})).stop();
seed(path.join(data, 'booking.db'));
const source = await serve(data, { BOOKING_BACKUP_DIR: folder });
const run = (await (
  await fetch(`${source.url}/admin/api/backups`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}` } })
).json()) as {
  status: string;
  durationMs: number;
  bytes: number;
  error: string | null;
};
if (run.status !== 'good') throw new Error(run.error ?? 'backup failed');
const { code } = (await (await fetch(`${source.url}/admin/api/backups`, { headers: { Authorization: `Bearer ${TOKEN}` } })).json()) as {
  code: string;
};
await source.stop();

const restore = cli(['restore', '--from', folder, '--data', restored, '--json'], { BOOKING_BACKUP_PASSPHRASE: code });
const result = JSON.parse(restore.stdout) as { durationMs: number; bookings: number; bookingsUpTo: string };
const back = await serve(restored, {});
const check = new BetterSqlite3(path.join(restored, 'booking.db'), { readonly: true });
const count = (table: string) => check.prepare(`select count(*) from ${table}`).pluck().get() as number;
const counts = {
  bookings: count('bookings'),
  deliveries: count('deliveries'),
  attempts: count('delivery_attempts'),
  events: count('events'),
};
check.close();
await back.stop();
console.log(
  JSON.stringify(
    {
      database: `${(run.bytes / 2 ** 20).toFixed(1)} MiB sealed`,
      backupMs: run.durationMs,
      restoreCommandMs: Math.round(restore.ms),
      restoreReportedMs: result.durationMs,
      serverStartOnRestoredMs: Math.round(back.ms),
      restored: counts,
      bookingsUpTo: result.bookingsUpTo,
    },
    null,
    2,
  ),
);
