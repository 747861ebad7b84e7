import type { Config } from '../config.ts';
import { dumpPostgres, restorePostgres, type PostgresRestore } from './postgres/dump.ts';
import { backupDatabase, restoreDatabase, type RestoreResult } from './sqlite/backup.ts';

/** A backup written: where, how big, how long it took. */
export interface BackupCopy {
  file: string;
  bytes: number;
  durationMs: number;
}

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
 * Puts a backup back as the configured database, after checking it (`beforeRestore` looks at the
 * checked copy before anything is replaced; SQLite only, a dump is checked by pg_restore itself).
 */
export async function restoreStorage(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  from: string,
  options: { force?: boolean; beforeRestore?: (copy: string) => void } = {},
): Promise<Restored> {
  if (config.databaseUrl) return { engine: 'postgres', ...(await restorePostgres(config.databaseUrl, from, options)) };
  return { engine: 'sqlite', ...(await restoreDatabase(config.dataDir, from, options)) };
}
