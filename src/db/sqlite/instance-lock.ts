import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { nativeBinding } from './native-addon.ts';

export const LOCK_FILE = 'server.lock';

/** Held by the running server; the operating system lets go of it when the process ends, however it ends. */
export interface InstanceLock {
  /** Resolves once the lock is free for another process (PostgreSQL's ends its session). */
  release(): void | Promise<void>;
}

export class InstanceLockedError extends Error {}

/**
 * Takes the data dir's server lock: an exclusive SQLite lock on a small side file. A second
 * server on the same data dir is refused, and a command like restore can tell a live server is
 * there. Because only one process delivers, leases left behind by a crash can be released at once.
 */
export function acquireInstanceLock(dataDir: string): InstanceLock {
  const file = path.join(path.resolve(dataDir), LOCK_FILE);
  // Owner-only like everything in the data dir; created before SQLite would create it 0644.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  const db = new BetterSqlite3(file, { nativeBinding: nativeBinding() as string | undefined });
  try {
    db.pragma('busy_timeout = 0');
    // Nothing is ever written: the journal can live in memory instead of beside the lock file.
    db.pragma('journal_mode = MEMORY');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('begin exclusive');
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new InstanceLockedError(`another booking-api server is already running on ${path.dirname(file)}`);
    }
    throw error;
  }
  return {
    release: () => {
      if (db.open) db.close();
    },
  };
}
