import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { checkServer, openPostgres } from './postgres/connection.ts';
import { openDatabase, prepareDataDir, type OpenOptions } from './sqlite/connection.ts';
import { acquireInstanceLock } from './sqlite/instance-lock.ts';

export type { OpenOptions } from './sqlite/connection.ts';
export { InstanceLockedError } from './sqlite/instance-lock.ts';
export { loadEmbeddedAddon } from './sqlite/native-addon.ts';

/** The database the configuration names: PostgreSQL when a database URL is set, else SQLite in the data dir. */
export function openConfiguredDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>, options: OpenOptions = {}): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openDatabase(config.dataDir, options);
}

/** What a serving server holds on its storage until it stops. */
export interface StorageHold {
  release(): void | Promise<void>;
}

/**
 * Before a server opens its database: SQLite's data dir is made (owner-only) and locked, so a
 * second server on it stops with a sentence (InstanceLockedError); PostgreSQL is reached once, to
 * say clearly what is wrong, and nothing is held: several servers may share it (docs/scaling.md).
 */
export async function holdStorage(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<StorageHold> {
  if (config.databaseUrl) {
    await checkServer(config.databaseUrl);
    return { release: () => {} };
  }
  prepareDataDir(config.dataDir);
  return acquireInstanceLock(config.dataDir);
}
