import type { Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { StorageSetupError } from './errors.ts';
import type { Tables } from './tables.ts';

/**
 * Every migration, in order. Each name is written once per engine (src/db/sqlite/migrations,
 * src/db/postgres/migrations: SQL differs too much between them for one file to serve both), and
 * test/schema-agreement.test.ts holds the schemas they make to each other. Never edit one that has
 * shipped (test/migrations-frozen.test.ts); add the next number to both folders and here.
 */
export const MIGRATIONS = [
  '0001-foundation',
  '0002-booking-domain',
  '0003-booking-rules',
  '0004-cache-versions',
  '0005-time-off',
  '0006-buffers',
  '0007-holds',
  '0008-booking-services',
  '0009-calendar-feeds',
  '0010-event-bookings',
  '0011-shared-rate-windows',
  '0012-booked-client',
  '0014-booking-page',
  '0015-client-mail',
  '0016-backup-runs',
  '0017-desk-contact',
  '0019-webhook-operations',
  '0020-switched-off-mail',
  '0021-client-search',
  '0022-audit',
  '0023-page-locale-chosen',
  '0024-people',
  '0025-passkeys',
  '0026-mail-settings-directory',
] as const;

/**
 * An engine's migrations by name. The import paths are written out for the bundler: esbuild
 * carries every file they can match into the bundle, so the executable has them all.
 */
export async function migrationsOf(engine: 'sqlite' | 'postgres'): Promise<Record<string, Migration>> {
  const load = (name: string): Promise<Migration> =>
    engine === 'sqlite' ? import(`./sqlite/migrations/${name}.ts`) : import(`./postgres/migrations/${name}.ts`);
  return Object.fromEntries(await Promise.all(MIGRATIONS.map(async (name) => [name, await load(name)] as const)));
}

/**
 * Applies the engine's pending migrations with Kysely's Migrator, each engine's way of making that
 * safe (SQLite: inside one transaction; PostgreSQL: under a session advisory lock, so servers
 * starting together wait for each other and the later ones find nothing left to do). `what`
 * names the database in the one line a salon owner reads when it fails.
 */
export async function migrate(kysely: Kysely<Tables>, migrations: Record<string, Migration>, what: string): Promise<void> {
  const migrator = new Migrator({ db: kysely, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const message = (result.error as Error).message ?? String(result.error);
    const hint = /missing/i.test(message) ? ' (was it created by a newer booking-api?)' : '';
    throw new StorageSetupError(`cannot migrate ${what}${hint}: ${message}`);
  }
}
