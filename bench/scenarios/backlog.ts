import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { createBusiness } from '../../src/businesses/businesses.service.ts';
import { systemClock } from '../../src/clock.ts';
import { openConfiguredDatabase } from '../../src/db/open.ts';
import type { Database } from '../../src/db/database.ts';
import { Outbox } from '../../src/delivery/outbox.ts';
import { claimDueAttempts } from '../../src/delivery/sql/claim-due-attempts.ts';
import { randomIds } from '../../src/ids.ts';
import { fromKeyRow } from '../../src/auth/api-key.ts';
import { findKeyById } from '../../src/auth/keys.repository.ts';
import { createKey } from '../../src/keys/keys.service.ts';
import { loadConfig } from '../../src/config.ts';
import { createWebhook } from '../../src/webhooks/webhooks.service.ts';
import { webhookDeliveries } from '../../src/webhooks/history.service.ts';
import { openSecretBox, type SecretBox } from '../../src/secrets/secret-box.ts';
import { Subscriptions } from '../../src/delivery/subscriptions.ts';
import { message, ROOT, rssMiB, spawnNode, startServer, stop, tempDir } from '../lib/processes.ts';
import type { Row, Scenario } from '../lib/scenario.ts';
import { median, round } from '../lib/stats.ts';

export interface Fixture {
  dir: string;
  database: Database;
  businessId: number;
  webhookId: number;
  apiKeyId: number;
  secretBox: SecretBox;
}

export async function fixture(name: string, targetUrl: string, databaseUrl?: string): Promise<Fixture> {
  const dir = tempDir(name);
  const database = await openConfiguredDatabase({ dataDir: dir, databaseUrl });
  const deps = {
    database,
    db: database.db,
    clock: systemClock,
    ids: randomIds,
    config: { ...loadConfig({}), allowPrivateTargets: true },
    lookup: undefined as never,
    subscriptions: new Subscriptions(database),
    secretBox: await openSecretBox({ dataDir: dir, secretsKeyFile: undefined }, database),
  };
  const business = await createBusiness(database.db, systemClock, { name, timezone: 'UTC', currency: 'EUR' });
  const created = await createKey(deps, business.id, { name: 'bench', scopes: ['webhooks:manage'] });
  const key = fromKeyRow((await findKeyById(database.db, created.id))!);
  const webhook = await database.transaction((trx) => createWebhook(trx, deps, key, { targetUrl, events: ['booking.created'] }, targetUrl));
  return { dir, database, businessId: business.id, webhookId: webhook.id, apiKeyId: key.id, secretBox: deps.secretBox };
}

/** Fills the attempt tables fast, with plain SQL: `history` finished attempts and `due` pending ones. */
export function seed(dir: string, webhookId: number, history: number, due: number): void {
  const db = new BetterSqlite3(path.join(dir, 'booking.db'));
  db.pragma('synchronous = OFF');
  const delivery = db.prepare(
    "insert into deliveries (delivery_id, webhook_id, event_id, event, body, created_at) values (?, ?, null, 'booking.created', ?, ?)",
  );
  const attempt = db.prepare(
    'insert into delivery_attempts (delivery_pk, webhook_id, attempt_number, status, trigger, due_at, lease_until, sent_at, response_status_code, response_time_ms, error_message, response_excerpt, created_at, updated_at) values (?, ?, 1, ?, ?, ?, null, ?, ?, 12, ?, null, ?, ?)',
  );
  const now = Date.now();
  const body = JSON.stringify({ id: 'whdel_x', event: 'booking.created', data: { bookingId: 1, note: 'x'.repeat(60) } });
  db.transaction(() => {
    for (let i = 0; i < history + due; i++) {
      const pending = i >= history;
      const at = now - (history + due - i) * 1000;
      const pk = Number(delivery.run(`whdel_seed${i}`, webhookId, body, at).lastInsertRowid);
      const status = pending ? 'pending' : i % 10 === 0 ? 'failed' : 'success';
      attempt.run(
        pk,
        webhookId,
        status,
        'event',
        pending ? at : at,
        pending ? null : at,
        pending ? null : status === 'success' ? 200 : 500,
        status === 'failed' ? 'receiver answered 500' : null,
        at,
        at,
      );
    }
  })();
  db.close();
}

/** Median time of `work` over `times` runs, in ms. */
async function timeIt(times: number, work: () => Promise<unknown>, after?: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
    await after?.();
  }
  return median(samples);
}

export async function costs(f: Fixture, times: number) {
  const db = f.database.db;
  const subscriptions = new Subscriptions(f.database);
  const outbox = new Outbox({
    database: f.database,
    clock: systemClock,
    ids: randomIds,
    firstDelayMs: 60_000,
    onQueued: () => {},
    subscriptions,
  });
  let claimed: number[] = [];
  const claim = await timeIt(
    times,
    async () => {
      claimed = (await f.database.transaction((trx) => claimDueAttempts(trx, Date.now(), 64, 60_000))).map((a) => a.attemptId);
    },
    () => db.updateTable('delivery_attempts').set({ lease_until: null }).where('id', 'in', claimed).execute(),
  );
  const enqueue = await timeIt(times, () =>
    f.database.transaction((trx) => outbox.emitEvent(trx, f.businessId, 'booking.created', { bookingId: 1 })),
  );
  const deps = {
    database: f.database,
    db,
    clock: systemClock,
    ids: randomIds,
    config: loadConfig({}),
    lookup: undefined as never,
    secretBox: f.secretBox,
  };
  const history = await timeIt(times, () => webhookDeliveries(deps, { apiKeyId: f.apiKeyId }, f.webhookId, { page: 1, limit: 20 }));
  return { claim, enqueue, history };
}

export const backlogScenario: Scenario = {
  name: 'backlog',
  description:
    '1 000 000 history rows and 100 000 due attempts vs a database with 1 000 due attempts: claim (64), enqueue (one event), history page (first 20 + total); server RSS while delivering the backlog',
  async run({ rounds, quick }) {
    const history = quick ? 100_000 : 1_000_000;
    const due = quick ? 10_000 : 100_000;
    const receiver = spawnNode(path.join(ROOT, 'bench/lib/receiver.ts'), [], 1);
    const receiverUrl = (await message<{ url: string }>(receiver, (m) => 'url' in m)).url;
    const empty = await fixture('backlog-empty', receiverUrl);
    const full = await fixture('backlog-full', receiverUrl);
    seed(empty.dir, empty.webhookId, 0, 1000);
    const seedStarted = performance.now();
    seed(full.dir, full.webhookId, history, due);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const samples = { empty: [] as Array<Awaited<ReturnType<typeof costs>>>, full: [] as Array<Awaited<ReturnType<typeof costs>>> };
    for (let r = 0; r < rounds; r++) {
      samples.empty.push(await costs(empty, 100));
      samples.full.push(await costs(full, 100));
    }
    await empty.database.close();
    await full.database.close();

    const server = await startServer(full.dir, { BOOKING_ALLOW_PRIVATE_TARGETS: 'true' });
    let peak = 0;
    try {
      const until = Date.now() + (quick ? 4000 : 15000);
      while (Date.now() < until) {
        peak = Math.max(peak, rssMiB(server.child.pid!));
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      await stop(server.child);
      await stop(receiver);
    }

    const rows: Row[] = [];
    for (const metric of ['claim', 'enqueue', 'history'] as const) {
      const ours = median(samples.full.map((s) => s[metric]));
      const baseline = median(samples.empty.map((s) => s[metric]));
      const ratio = ours / baseline;
      rows.push({
        scenario: 'backlog',
        metric: `${metric} (ms, full ÷ empty)`,
        ours: round(ours, 3),
        baseline: round(baseline, 3),
        ratio: round(ratio),
        unit: 'ms',
        goal: '≤ 2.0',
        met: ratio <= 2,
        rounds: { ours: samples.full.map((s) => round(s[metric], 3)), baseline: samples.empty.map((s) => round(s[metric], 3)) },
      });
    }
    rows.push({
      scenario: 'backlog',
      metric: `peak RSS delivering the backlog (seeded in ${round(seedSeconds, 1)} s)`,
      ours: round(peak, 1),
      unit: 'MiB',
      goal: '< 200 MiB',
      met: peak < 200,
    });
    return rows;
  },
};
