/**
 * The second leg of `npm test`: the database-facing suites again, on PostgreSQL. Starts one
 * throwaway cluster (test/helpers/postgres.ts), runs FILES with BOOKING_TEST_ENGINE=postgres
 * (TestApp then gives every server a fresh database on it), stops the cluster.
 * Without PostgreSQL binaries it says so in one line and skips; with CI set that fails instead.
 *   node test/postgres-leg.ts [file …]
 */
import { spawnSync } from 'node:child_process';
import { postgresMissing, startPostgres } from './helpers/postgres.ts';

/** Between them these reach every repository function and the queue's statements. */
const FILES = [
  'test/bookings.test.ts',
  'test/audit.test.ts',
  'test/audit-retention.test.ts',
  'test/audit-bookings.test.ts',
  'test/client-rights.test.ts',
  'test/booking-transitions.test.ts',
  'test/buffers.test.ts',
  'test/holds.test.ts',
  'test/hold-limits.test.ts',
  'test/salon-holds.test.ts',
  'test/reschedule-api.test.ts',
  'test/time-off.test.ts',
  'test/admin-api.test.ts',
  'test/booking-events.test.ts',
  'test/api-key-auth.test.ts',
  'test/isolation-matrix.test.ts',
  'test/rate-limit.test.ts',
  'test/catalog.test.ts',
  'test/events.test.ts',
  'test/delivery-retry.test.ts',
  'test/delivery-recovery.test.ts',
  'test/delivery-ping-redeliver.test.ts',
  'test/delivery-health.test.ts',
  'test/delivery-stats.test.ts',
  'test/multi-instance.test.ts',
  'test/delivery-batches.test.ts',
  'test/delivery-failures.test.ts',
  'test/openapi.test.ts',
  'test/write-races.test.ts',
  'test/schema-agreement.test.ts',
  'test/known-clients.test.ts',
  'test/client-search.test.ts',
  'test/client-mail.test.ts',
  'test/mail-failures.test.ts',
  'test/reminders.test.ts',
  'test/manage-link.test.ts',
  'test/mail-recovery.test.ts',
  'test/booking-page-api.test.ts',
  'test/text-fields.test.ts',
  'test/ssrf.test.ts',
  'test/slots-api.test.ts',
  'test/reachability.test.ts',
  'test/reports.test.ts',
  'test/client-import.test.ts',
  'test/backups.test.ts',
  'test/webhook-rotation.test.ts',
  'test/webhook-headers.test.ts',
  'test/webhook-history.test.ts',
  'test/webhook-recover.test.ts',
  'test/webhook-switched-off.test.ts',
  'test/webhook-switched-off-mail.test.ts',
  'test/inbox.test.ts',
];

const missing = postgresMissing();
if (missing) {
  if (process.env.CI) {
    console.error(`PostgreSQL leg: ${missing}; CI is set, so this fails`);
    process.exit(1);
  }
  console.log(`PostgreSQL leg skipped: ${missing}`);
  process.exit(0);
}

const files = process.argv.length > 2 ? process.argv.slice(2) : FILES;
const started = performance.now();
const pg = await startPostgres();
console.log(`PostgreSQL leg: ${files.length} files on a throwaway PostgreSQL cluster`);
const run = spawnSync(process.execPath, ['--test', '--test-concurrency=2', ...files], {
  stdio: 'inherit',
  env: { ...process.env, BOOKING_TEST_ENGINE: 'postgres', BOOKING_TEST_PG_URL: pg.url },
});
await pg.stop();
console.log(`PostgreSQL leg: ${run.status === 0 ? 'passed' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(run.status ?? 1);
