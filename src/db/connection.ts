import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import { Migrator, type MigrationResultSet } from 'kysely/migration';
import { CachingSqliteDialect, type QueryObserver } from './sqlite-driver.ts';
import { migrations } from './migrations/index.ts';
import { nativeBinding } from './native-addon.ts';
import { GroupCommit } from './transaction.ts';
import { SqliteFreshness } from './sqlite-freshness.ts';
import { VersionedCache, type Database } from './database.ts';
import type { Tables } from './tables.ts';

export const DATABASE_FILE = 'booking.db';

/** A problem a salon owner can fix (wrong folder, no permission), reported as one line. */
export class StorageSetupError extends Error {}

export interface OpenOptions {
  /** SQLite's page limit; tests lower it to provoke SQLITE_FULL. */
  maxPageCount?: number;
  /** Told every statement and its time; for profiling. */
  onQuery?: QueryObserver;
}

/** Opens (creating if needed) `booking.db` in `dataDir`, tuned for durability, and migrates it. */
export async function openDatabase(dataDir: string, options: OpenOptions = {}): Promise<Database> {
  const file = prepareDataDir(dataDir);
  let raw: BetterSqlite3.Database;
  try {
    raw = new BetterSqlite3(file, { nativeBinding: nativeBinding() as string | undefined });
    // WAL with synchronous=FULL: a committed transaction survives a power cut.
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = FULL');
    raw.pragma('foreign_keys = ON');
    // Every transaction of a group commit runs in a savepoint, and SQLite keeps what a savepoint
    // may have to undo in a temporary file unless told otherwise: in memory, three inserts of the
    // outbox took 22 µs instead of 53 µs (they are a few pages per transaction).
    raw.pragma('temp_store = MEMORY');
    raw.pragma('busy_timeout = 5000');
    // Deleted and overwritten content is zeroed, so a deleted webhook's or a rotated-away secret
    // does not live on in free space of the file (issue 14; cost measured in docs/decisions.md).
    raw.pragma('secure_delete = ON');
    if (options.maxPageCount) raw.pragma(`max_page_count = ${Math.floor(options.maxPageCount)}`);
  } catch (error) {
    throw new StorageSetupError(`cannot open the database ${file}: ${(error as Error).message}`);
  }

  let freshness: SqliteFreshness | undefined;
  const kysely = new Kysely<Tables>({
    dialect: new CachingSqliteDialect(raw, () => freshness?.committed(), 500, options.onQuery),
  });
  await migrate(kysely, file);
  const signal = (freshness = new SqliteFreshness(raw));
  const group = new GroupCommit(kysely, () => raw.inTransaction);
  const afterCommit = group.afterCommit.bind(group);

  return {
    engine: 'sqlite',
    exclusive: true,
    db: kysely,
    location: file,
    transaction: (work) => group.run(work),
    afterCommit,
    cache: (topics) => new VersionedCache(topics, signal, afterCommit),
    reportFailuresTo: (report) => {
      group.report = report;
    },
    sizeBytes: async () => fileSize(file) + fileSize(`${file}-wal`),
    backup: async (destination) => {
      await raw.backup(destination);
    },
    setMaxPageCount: (pages) => raw.pragma(`max_page_count = ${Math.max(1, Math.floor(pages))}`, { simple: true }) as number,
    close: () => kysely.destroy(),
  };
}

async function migrate(kysely: Kysely<Tables>, file: string): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db: kysely,
    provider: { getMigrations: async () => migrations },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const message = (result.error as Error).message ?? String(result.error);
    const hint = /missing/i.test(message) ? ' (was it created by a newer booking-api?)' : '';
    throw new StorageSetupError(`cannot migrate the database ${file}${hint}: ${message}`);
  }
  return result;
}

/** Creates the data dir (owner-only) and an empty database file in it; returns the file's path. */
export function prepareDataDir(dataDir: string): string {
  const dir = path.resolve(dataDir);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StorageSetupError(`the data directory ${dir} is not writable (${code ?? 'error'})`);
  }
  const file = path.join(dir, DATABASE_FILE);
  try {
    // Owner-only from the start; SQLite gives the -wal and -shm files the same mode.
    fs.closeSync(fs.openSync(file, 'a', 0o600));
    fs.chmodSync(file, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StorageSetupError(`cannot create the database ${file} (${code ?? 'error'})`);
  }
  return file;
}

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}
