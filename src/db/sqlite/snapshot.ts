import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import type { Facts, NewestOf, Snapshot } from '../copies.ts';
import { BackupError, storageFailureOf } from '../errors.ts';
import { MIGRATIONS } from '../migrate.ts';
import { DATABASE_FILE } from './connection.ts';
import { nativeBinding } from './native-addon.ts';

/** Pages copied per step: 4 MiB at SQLite's 4 KiB pages, a few milliseconds of the event loop each. */
const PAGES_PER_STEP = 1024;
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * A verified copy of the database of `dataDir` at one moment, written to `destination` (which must
 * not exist) while the server goes on serving:
 * - one read transaction on a connection of its own fixes the moment: the row counts, the
 *   migrations and the newest value are read in it, and SQLite's online backup copies the pages
 *   of that same snapshot in steps, yielding between them, so the server's writes neither wait
 *   nor restart the copy;
 * - the copy is then opened in a worker thread (SQLite's integrity check of a large file takes
 *   seconds) with Node's own SQLite, which is safe because that library never opens the live
 *   file: integrity check, the same migrations, the same row counts in every table, taken out of
 *   WAL mode so it is one self-contained file.
 * Anything else is a BackupError and no file is left.
 */
export async function snapshotDatabase(dataDir: string, destination: string, newest?: NewestOf): Promise<Snapshot> {
  const started = performance.now();
  const source = path.join(path.resolve(dataDir), DATABASE_FILE);
  if (newest && !(IDENTIFIER.test(newest.table) && IDENTIFIER.test(newest.column))) throw new Error('not a column name');
  if (!(fs.statSync(source, { throwIfNoEntry: false })?.size ?? 0)) throw new BackupError(`there is no database to back up in ${dataDir}`);
  const live = new BetterSqlite3(source, { readonly: true, fileMustExist: true, nativeBinding: nativeBinding() as string | undefined });
  let facts: Facts;
  try {
    live.pragma('busy_timeout = 5000');
    live.exec('BEGIN');
    facts = factsOf(live, newest);
    fs.closeSync(fs.openSync(destination, 'wx', 0o600));
    await live.backup(destination, { progress: () => PAGES_PER_STEP });
    live.exec('COMMIT');
  } catch (error) {
    fs.rmSync(destination, { force: true });
    if (error instanceof BackupError) throw error;
    if (storageFailureOf(error) === 'full' || (error as NodeJS.ErrnoException).code === 'ENOSPC') {
      throw new BackupError(`The data folder ${path.dirname(destination)} is full: there is no room for the copy a backup starts from.`);
    }
    throw new BackupError(`cannot copy the database: ${(error as Error).message}`);
  } finally {
    if (live.inTransaction) live.exec('ROLLBACK');
    live.close();
  }
  try {
    const copied = await checkCopy(destination, newest);
    const problem = differenceOf(facts, copied);
    if (problem) throw new BackupError(`the copy does not hold what the database held: ${problem}`);
  } catch (error) {
    fs.rmSync(destination, { force: true });
    throw error;
  }
  return { ...facts, file: destination, bytes: fs.statSync(destination).size, durationMs: Math.round(performance.now() - started) };
}

function factsOf(db: BetterSqlite3.Database, newest: NewestOf | undefined): Facts {
  const tables = db
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
    .pluck()
    .all() as string[];
  const rows: Record<string, number> = {};
  for (const table of tables) rows[table] = db.prepare(`select count(*) from "${table}"`).pluck().get() as number;
  const migrations = tables.includes('kysely_migration')
    ? (db.prepare('select name from kysely_migration order by name').pluck().all() as string[])
    : [];
  const value =
    newest && tables.includes(newest.table) ? db.prepare(`select max(${newest.column}) from ${newest.table}`).pluck().get() : null;
  return { migrations, rows, newest: typeof value === 'number' ? value : null };
}

/** The first way `copy` differs from `live`, in words; undefined when they agree. */
function differenceOf(live: Facts, copy: Facts): string | undefined {
  if (live.migrations.join() !== copy.migrations.join()) return `its migrations are ${copy.migrations.join(', ')}`;
  const unknown = live.migrations.filter((name) => !(MIGRATIONS as readonly string[]).includes(name));
  if (unknown.length > 0) return `the database has migration ${unknown.join(', ')}, which this version does not know`;
  for (const table of new Set([...Object.keys(live.rows), ...Object.keys(copy.rows)])) {
    if (live.rows[table] !== copy.rows[table]) {
      return `table ${table} has ${copy.rows[table] ?? 'no'} rows in the copy and had ${live.rows[table] ?? 'no'} in the database`;
    }
  }
  if (live.newest !== copy.newest) return 'its newest row is not the database’s';
  return undefined;
}

/**
 * Runs in a worker thread with node:sqlite (better-sqlite3's JavaScript is not there to load inside
 * the single executable; node:sqlite is built in). Opens only the copy.
 */
const CHECK_COPY = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
// This thread only (Linux: a nice value is a thread's): the server's own thread goes first.
try { require('node:os').setPriority(19); } catch {}
const { file, newest } = workerData;
let db;
try {
  db = new DatabaseSync(file);
  const problems = db.prepare('pragma integrity_check').all()
    .flatMap((row) => String(row.integrity_check).split('\\n'))
    .filter((line) => line !== 'ok' && line !== '' && !line.startsWith('*** in database'));
  if (problems.length > 0) {
    parentPort.postMessage({ problem: 'SQLite integrity check: ' + problems.slice(0, 3).join('; ') });
  } else {
    const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all().map((r) => r.name);
    const rows = {};
    for (const table of tables) rows[table] = Number(db.prepare('select count(*) as n from "' + table + '"').get().n);
    const migrations = tables.includes('kysely_migration')
      ? db.prepare('select name from kysely_migration order by name').all().map((r) => r.name)
      : [];
    const value = newest && tables.includes(newest.table)
      ? db.prepare('select max(' + newest.column + ') as v from ' + newest.table).get().v
      : null;
    db.exec('pragma journal_mode = DELETE');
    parentPort.postMessage({ facts: { migrations, rows, newest: typeof value === 'number' ? value : null } });
  }
} catch (error) {
  parentPort.postMessage({ problem: error.message });
} finally {
  if (db) db.close();
}
`;

function checkCopy(file: string, newest: NewestOf | undefined): Promise<Facts> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CHECK_COPY, { eval: true, workerData: { file, newest } });
    worker.once('message', (message: { facts?: Facts; problem?: string }) => {
      if (message.facts) resolve(message.facts);
      else reject(new BackupError(`the copy is damaged (${message.problem})`));
    });
    worker.once('error', (error) => reject(new BackupError(`the copy cannot be checked: ${error.message}`)));
    worker.once('exit', (code) => reject(new BackupError(`the copy's check stopped (exit ${code})`)));
  });
}
