import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrationsOf } from '../../src/db/migrate.ts';

/** A Migrator of SQLite's migrations up to and including `last`: a database as an earlier release left it. */
export async function sqliteMigratorUpTo(db: Kysely<any>, last: string): Promise<Migrator> {
  const known = Object.fromEntries(Object.entries(await migrationsOf('sqlite')).filter(([name]) => name <= last));
  return new Migrator({ db, provider: { getMigrations: async () => known } });
}
