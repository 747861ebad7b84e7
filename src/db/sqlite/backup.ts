import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { nativeBinding } from './native-addon.ts';
import { DATABASE_FILE } from './connection.ts';
import { acquireInstanceLock, InstanceLockedError } from './instance-lock.ts';
import type { BackupCopy } from '../copies.ts';
import { BackupError } from '../errors.ts';
import { MIGRATIONS } from '../migrate.ts';

export interface RestoreResult extends BackupCopy {
  database: string;
  /** Where the database that was replaced was kept; null when there was none. */
  previous: string | null;
}

interface Options {
  force?: boolean;
  /** Restore only: a last check of the (checked, private) copy before it replaces anything. */
  beforeRestore?: (copy: string) => void;
}

/** Every page in one step: a snapshot of one read transaction, never restarted by the server's writes. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the database of `dataDir` to `destination` with SQLite's online backup API, through a
 * read-only connection of its own. In WAL mode that reads one consistent snapshot while the
 * running server goes on writing. The copy is written next to the destination, checked, and
 * renamed into place, so `destination` is either the old file or a whole backup.
 */
export async function backupDatabase(dataDir: string, destination: string, options: Options = {}): Promise<BackupCopy> {
  const started = performance.now();
  const source = path.join(path.resolve(dataDir), DATABASE_FILE);
  const target = path.resolve(destination);
  if (!hasDatabase(source)) throw new BackupError(`there is no database to back up in ${path.dirname(source)}`);
  if (target === source || target.startsWith(`${source}-`))
    throw new BackupError('the backup must go to another file than the database itself');
  if (!fs.existsSync(path.dirname(target))) throw new BackupError(`the folder ${path.dirname(target)} does not exist`);
  if (fs.existsSync(target) && !options.force) throw new BackupError(`${target} already exists; add --force to replace it`);
  const db = openReadOnly(source);
  try {
    await writeAtomically(target, async (partial) => {
      await db.backup(partial, { progress: () => ALL_PAGES });
      checkAndSeal(partial, partial);
    });
  } finally {
    db.close();
  }
  return { file: target, bytes: fs.statSync(target).size, durationMs: Math.round(performance.now() - started) };
}

/**
 * Puts the backup `from` in place as the database of `dataDir`. Checks the file first (SQLite's
 * integrity check, and that it is a booking-api database this version knows), holds the data
 * dir's server lock throughout so no server can start meanwhile, refuses to run while one holds
 * it, and replaces an existing database only with `force` (keeping it as booking.db.before-restore).
 */
export async function restoreDatabase(dataDir: string, from: string, options: Options = {}): Promise<RestoreResult> {
  const started = performance.now();
  const file = path.resolve(from);
  // Checked on a private copy: SQLite would leave -wal and -shm files beside the salon's own file.
  const checking = fs.mkdtempSync(path.join(os.tmpdir(), 'booking-restore-'));
  try {
    const checked = path.join(checking, DATABASE_FILE);
    copyOwnerOnly(file, checked);
    checkAndSeal(checked, file);
    options.beforeRestore?.(checked);
    const dir = path.resolve(dataDir);
    try {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    } catch (error) {
      throw new BackupError(`cannot create the data directory ${dir} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    return await underLock(dir, options, async () => {
      const database = path.join(dir, DATABASE_FILE);
      let previous: string | null = null;
      if (hasDatabase(database)) {
        if (!options.force)
          throw new BackupError(
            `${dir} already holds a database; add --force to replace it (it is kept as ${DATABASE_FILE}.before-restore)`,
          );
        previous = `${database}.before-restore`;
        // Through SQLite, so pages still in the old database's -wal file are kept as well.
        const old = openReadOnly(database);
        try {
          await writeAtomically(previous, async (partial) => {
            await old.backup(partial, { progress: () => ALL_PAGES });
            checkAndSeal(partial, previous!);
          });
        } finally {
          old.close();
        }
      }
      await writeAtomically(
        database,
        async (partial) => copyOwnerOnly(checked, partial),
        // A -wal left by the old database would be replayed onto the new one: it goes first.
        () => {
          fs.rmSync(`${database}-wal`, { force: true });
          fs.rmSync(`${database}-shm`, { force: true });
        },
      );
      return { file, database, previous, bytes: fs.statSync(database).size, durationMs: Math.round(performance.now() - started) };
    });
  } finally {
    fs.rmSync(checking, { recursive: true, force: true });
  }
}

/** The first value `sql` selects from a database file (a backup, say), read without changing it. */
export function readOnlyValue(file: string, sql: string, ...params: unknown[]): unknown {
  const db = openReadOnly(file);
  try {
    return db
      .prepare(sql)
      .pluck()
      .get(...params);
  } finally {
    db.close();
  }
}

/** Runs `work` holding the data dir's server lock: no server runs meanwhile, and none can start. */
async function underLock<T>(dir: string, _options: Options, work: () => Promise<T>): Promise<T> {
  let lock;
  try {
    lock = acquireInstanceLock(dir);
  } catch (error) {
    if (error instanceof InstanceLockedError) {
      throw new BackupError(
        `a booking-api server is running on ${dir}; stop it first, a restore never replaces the database under a running server`,
      );
    }
    throw error;
  }
  try {
    return await work();
  } finally {
    lock.release();
  }
}

/**
 * Checks `file` (a copy of what the salon named `shownAs`) and makes it self-contained: whole by
 * SQLite's integrity check, a booking-api database this version knows, and out of WAL mode, so it
 * is one file that needs no -wal beside it. Returns the migrations it has.
 */
function checkAndSeal(file: string, shownAs: string): string[] {
  let db: BetterSqlite3.Database;
  try {
    db = new BetterSqlite3(file, { fileMustExist: true, nativeBinding: nativeBinding() as string | undefined });
  } catch (error) {
    throw new BackupError(`${shownAs} cannot be opened: ${(error as Error).message}`);
  }
  try {
    const applied = verify(db, shownAs);
    db.pragma('journal_mode = DELETE');
    return applied;
  } catch (error) {
    throw asBackupError(error, shownAs);
  } finally {
    db.close();
  }
}

function verify(db: BetterSqlite3.Database, shownAs: string): string[] {
  const problems = integrityProblems(db);
  if (problems.length > 0) throw new BackupError(`${shownAs} is damaged (SQLite integrity check: ${problems.slice(0, 3).join('; ')})`);
  const applied = appliedMigrations(db);
  if (applied === undefined || applied.length === 0) throw new BackupError(`${shownAs} is a SQLite database, but not one of booking-api`);
  const unknown = applied.filter((name) => !(MIGRATIONS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `${shownAs} was made by a newer booking-api (it has migration ${unknown.join(', ')}); restore it with that version`,
    );
  }
  return applied;
}

function asBackupError(error: unknown, shownAs: string): BackupError {
  if (error instanceof BackupError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'SQLITE_NOTADB') return new BackupError(`${shownAs} is not a booking-api backup (not a SQLite database)`);
  if (code === 'SQLITE_CORRUPT') return new BackupError(`${shownAs} is damaged (${(error as Error).message})`);
  return new BackupError(`${shownAs} cannot be read: ${(error as Error).message}`);
}

function copyOwnerOnly(from: string, to: string): void {
  try {
    if (!fs.statSync(from).isFile()) throw new BackupError(`${from} is not a file`);
    fs.copyFileSync(from, to);
    fs.chmodSync(to, 0o600);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !fs.existsSync(from)) throw new BackupError(`${from} does not exist`);
    throw new BackupError(`cannot copy ${from}: ${(error as Error).message}`);
  }
}

/** SQLite's own integrity check: an empty list when the file is whole. */
function integrityProblems(db: BetterSqlite3.Database): string[] {
  const rows = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
  return rows
    .flatMap((row) => row.integrity_check.split('\n'))
    .filter((line) => line !== 'ok' && line !== '' && !line.startsWith('*** in database'));
}

/** Names in Kysely's migration table; undefined when there is no such table. */
function appliedMigrations(db: BetterSqlite3.Database): string[] | undefined {
  const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
  if (!table) return undefined;
  return db.prepare('select name from kysely_migration order by name').pluck().all() as string[];
}

function openReadOnly(file: string): BetterSqlite3.Database {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true, nativeBinding: nativeBinding() as string | undefined });
  db.pragma('busy_timeout = 5000');
  return db;
}

/** A database file with something in it (prepareDataDir leaves an empty file behind). */
function hasDatabase(file: string): boolean {
  try {
    return fs.statSync(file).size > 0;
  } catch {
    return false;
  }
}

/**
 * Writes `target` through a temporary file beside it: created owner-only, written, checked,
 * flushed to disk, then renamed over `target`, so a crash leaves the old file or the new one.
 */
async function writeAtomically(target: string, write: (file: string) => Promise<unknown>, beforeRename?: () => void): Promise<void> {
  const temporary = `${target}.partial-${process.pid}`;
  try {
    fs.closeSync(fs.openSync(temporary, 'w', 0o600));
    fs.chmodSync(temporary, 0o600);
    await write(temporary);
    const fd = fs.openSync(temporary, 'r+');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    beforeRename?.();
    fs.renameSync(temporary, target);
    syncDirectory(path.dirname(target));
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`cannot write ${target}: ${(error as Error).message}`);
  }
}

function syncDirectory(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
