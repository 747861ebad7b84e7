import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import { AfterCommit } from '../after-commit.ts';
import { assembleDatabase, type Database } from '../database.ts';
import { StorageSetupError } from '../errors.ts';
import { migrate, migrationsOf } from '../migrate.ts';
import type { Tables } from '../tables.ts';
import { CachingSqliteDialect, type QueryObserver } from './dialect.ts';
import { SqliteFreshness } from './freshness.ts';
import { GroupCommit } from './group-commit.ts';
import { nativeBinding } from './native-addon.ts';

export const DATABASE_FILE = 'booking.db';

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
  await migrate(kysely, await migrationsOf('sqlite'), `the database ${file}`);
  const hooks = new AfterCommit();
  const group = new GroupCommit(kysely, () => raw.inTransaction, hooks);
  return assembleDatabase({
    engine: 'sqlite',
    exclusive: true,
    db: kysely,
    location: file,
    signal: (freshness = new SqliteFreshness(raw)),
    hooks,
    transaction: (work) => group.run(work),
    sizeBytes: async () => fileSize(file) + fileSize(`${file}-wal`),
    forgetOverwritten: () => truncateWal(raw),
    close: () => kysely.destroy(),
  });
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

/** Tries after a transaction in progress has ended, a few times, then leaves it to the next call. */
const WAL_TRIES = 50;

/**
 * Copies the WAL into the file and truncates it, so the frames with rows as they were before an
 * erasure go. It waits for nobody: with a reader in another process (the CLI, a backup) it copies
 * what it can, and the rest goes at the next checkpoint.
 */
function truncateWal(raw: BetterSqlite3.Database, tries = WAL_TRIES): void {
  if (!raw.open) return;
  if (raw.inTransaction) {
    if (tries > 1) setTimeout(() => truncateWal(raw, tries - 1), 10);
    return;
  }
  raw.pragma('busy_timeout = 0');
  try {
    raw.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    raw.pragma('busy_timeout = 5000');
  }
}

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}
