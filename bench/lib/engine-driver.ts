// Runs the real app (outbox + delivery engine, no HTTP listener) in this process, registers
// webhooks to the bench receiver, and emits events when told: as fast as the engine takes them
// (batches per transaction), or one per transaction at a fixed rate (for latency).
import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createBusiness } from '../../src/businesses/businesses.service.ts';
import { createKey } from '../../src/keys/keys.service.ts';
import { createWebhook, rotateSecret } from '../../src/webhooks/webhooks.service.ts';
import { fromKeyRow } from '../../src/auth/api-key.ts';
import { findKeyById } from '../../src/auth/keys.repository.ts';
import { sqlProfile } from './sql-profile.ts';

interface Plan {
  dataDir: string;
  receiverUrl: string;
  webhooks: number;
  /** BOOKING_DELIVERY_CONCURRENCY; the default when absent. */
  concurrency?: number;
  /** PostgreSQL instead of SQLite in dataDir. */
  databaseUrl?: string;
  /** BOOKING_SECRETS_KEY_FILE: every instance on one database uses the same key. */
  secretsKeyFile?: string;
}
interface Go {
  events: number;
  /** Events per transaction when emitting as fast as possible. */
  batch?: number;
  /** Events per second, one per transaction, recording each commit time. */
  rate?: number;
  padding: number;
}

const plan = JSON.parse(process.argv[2]!) as Plan;
const config = Object.freeze({
  ...loadConfig({}),
  dataDir: plan.dataDir,
  databaseUrl: plan.databaseUrl,
  secretsKeyFile: plan.secretsKeyFile,
  allowPrivateTargets: true,
  logLevel: 'silent' as const,
  ratePerMinute: 1e9,
  ratePerDay: 1e9,
  maxActiveWebhooks: 1000,
  ...(plan.concurrency ? { deliveryConcurrency: plan.concurrency } : {}),
});
// BENCH_SQL_PROFILE=1: time every statement and print the heaviest when stopped.
const profile = process.env.BENCH_SQL_PROFILE ? sqlProfile() : undefined;
const app = await createApp(config, { database: { onQuery: profile?.onQuery } });
const { context } = app;
const business = await createBusiness(context.db, context.clock, { name: 'Bench', timezone: 'UTC', currency: 'EUR' });
const created = await createKey(context, business.id, { name: 'bench', scopes: ['webhooks:manage'] });
const key = fromKeyRow((await findKeyById(context.db, created.id))!);
// Each webhook as issue 24 asks to measure it: a header of its own (opened and sent with every
// delivery) and a secret rotated with a grace period (two signatures in webhook-signature).
const headers = { Authorization: 'Bearer bench-token-0123456789' };
let secret = '';
for (let i = 0; i < plan.webhooks; i++) {
  const input = { targetUrl: `${plan.receiverUrl}?w=${i}`, events: ['booking.created' as const], headers };
  secret = await context.database.transaction(async (trx) => {
    const made = await createWebhook(trx, context, key, input, input.targetUrl);
    return (await rotateSecret(trx, context, { apiKeyId: key.id }, made.id, { gracePeriodSeconds: 86_400 })).secret;
  });
}
await app.start();

let seq = 0;
process.on('message', async (go: Go | { stop: true }) => {
  if ('stop' in go) {
    await app.close();
    if (profile) console.error(profile.report());
    process.exit(0);
  }
  const data = (n: number) => ({ seq: n, note: 'x'.repeat(go.padding) });
  const started = process.hrtime.bigint();
  const commits: Array<[number, string]> = [];
  if (go.rate) {
    const interval = 1000 / go.rate;
    const t0 = performance.now();
    for (let i = 0; i < go.events; i++) {
      const due = t0 + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const n = seq++;
      await context.database.transaction((trx) => context.outbox.emitEvent(trx, business.id, 'booking.created', data(n)));
      commits.push([n, String(process.hrtime.bigint())]);
    }
  } else {
    const batch = go.batch ?? 100;
    for (let done = 0; done < go.events; done += batch) {
      const size = Math.min(batch, go.events - done);
      await context.database.transaction(async (trx) => {
        for (let i = 0; i < size; i++) await context.outbox.emitEvent(trx, business.id, 'booking.created', data(seq++));
      });
    }
  }
  process.send!({ emitted: go.events, started: String(started), commits, secret });
});
process.send!({ ready: true, secret });
