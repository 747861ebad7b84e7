import type { Config } from '../config.ts';
import { BackupError } from './errors.ts';
import { dumpPostgres, postgresToolsMissing, restorePostgres, type PostgresRestore } from './postgres/dump.ts';
import { snapshotPostgres } from './postgres/snapshot.ts';
import { backupDatabase, restoreDatabase, type RestoreResult } from './sqlite/backup.ts';
import { snapshotDatabase } from './sqlite/snapshot.ts';
import type { BackupCopy, NewestOf, Snapshot } from './copies.ts';

/** What a restore put back, by engine: SQLite keeps the replaced file, PostgreSQL says whether tables were replaced. */
export type Restored = ({ engine: 'sqlite' } & RestoreResult) | ({ engine: 'postgres' } & PostgresRestore);

/**
 * A consistent copy of the configured database in `to`, whole or not at all, while a server may
 * be running: SQLite's online backup of the data dir's file, or pg_dump of the database URL.
 */
export function backupStorage(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  to: string,
  options: { force?: boolean } = {},
): Promise<BackupCopy> {
  return config.databaseUrl ? dumpPostgres(config.databaseUrl, to, options) : backupDatabase(config.dataDir, to, options);
}

/**
 * A verified copy of the configured database at one moment, in `to` (which must not exist), while
 * the server goes on serving, with what it held then (row counts, migrations, the newest value of
 * `newest`): SQLite's online backup, checked in a worker thread, or pg_dump of an exported
 * snapshot, read back with pg_restore. A BackupError when the copy is not what the database held.
 */
export async function snapshotStorage(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  to: string,
  newest?: NewestOf,
): Promise<EngineSnapshot> {
  if (config.databaseUrl) return { engine: 'postgres', ...(await snapshotPostgres(config.databaseUrl, to, newest)) };
  return { engine: 'sqlite', ...(await snapshotDatabase(config.dataDir, to, newest)) };
}

/** A snapshot, and which engine's format its file is in (what a restore must be given). */
export type EngineSnapshot = Snapshot & { readonly engine: Engine };
export type Engine = 'sqlite' | 'postgres';

/** Whether backups of the configured database can be taken here; when not, the sentence saying what to do instead. */
export function backupsUnavailable(config: Pick<Config, 'databaseUrl'>): string | undefined {
  if (!config.databaseUrl) return undefined;
  return postgresToolsMissing(config.databaseUrl);
}

/**
 * Puts a backup back as the configured database, after checking it (`beforeRestore` looks at the
 * checked copy before anything is replaced; SQLite only, a dump is checked by pg_restore itself).
 */
export async function restoreStorage(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  from: string,
  options: { force?: boolean; beforeRestore?: (copy: string) => void; engine?: Engine } = {},
): Promise<Restored> {
  const here: Engine = config.databaseUrl ? 'postgres' : 'sqlite';
  if (options.engine && options.engine !== here) {
    throw new BackupError(
      options.engine === 'postgres'
        ? `${from} is a backup of a PostgreSQL database: restore it with BOOKING_DATABASE_URL set to an empty PostgreSQL database`
        : `${from} is a backup of a salon that kept its data in the data folder: restore it without BOOKING_DATABASE_URL (then copy-to-postgres)`,
    );
  }
  if (config.databaseUrl) return { engine: 'postgres', ...(await restorePostgres(config.databaseUrl, from, options)) };
  return { engine: 'sqlite', ...(await restoreDatabase(config.dataDir, from, options)) };
}
