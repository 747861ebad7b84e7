import type { Config } from '../config.ts';
import { openDatabase, type OpenOptions } from './connection.ts';
import type { Database } from './database.ts';
import { openPostgres } from './postgres/connection.ts';

/** The database the configuration names: PostgreSQL when a database URL is set, else SQLite in the data dir. */
export function openConfiguredDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>, options: OpenOptions = {}): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openDatabase(config.dataDir, options);
}
