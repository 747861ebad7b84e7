import type BetterSqlite3 from 'better-sqlite3';
import { readCacheVersions } from '../cache-versions.repository.ts';
import type { FreshnessSignal, Topic, Versions } from '../database.ts';
import type { Tx } from '../transaction.ts';

/**
 * SQLite's freshness signal. The committed versions are re-read only when they may have changed:
 * after a commit of this connection (the driver calls `committed()`), or when PRAGMA data_version
 * says another connection (the CLI, a second process) committed. The pragma is read at most once
 * per turn of the event loop, however many requests and caches ask in it: another process's
 * commit is seen by the next turn, well under a millisecond later.
 */
export class SqliteFreshness implements FreshnessSignal {
  readonly #raw: BetterSqlite3.Database;
  readonly #dataVersion: BetterSqlite3.Statement;
  readonly #versions: BetterSqlite3.Statement;
  #current: Versions | undefined;
  #seenDataVersion = -1;
  #stale = true;
  #checkedThisTurn = false;

  constructor(raw: BetterSqlite3.Database) {
    this.#raw = raw;
    this.#dataVersion = raw.prepare('pragma data_version').pluck();
    this.#versions = raw.prepare('select topic, version from cache_versions');
  }

  /** This connection committed (or ended a transaction, or wrote outside one). */
  committed(): void {
    this.#stale = true;
  }

  current(): Versions | undefined {
    if (!this.#checkedThisTurn) {
      this.#checkedThisTurn = true;
      setImmediate(() => (this.#checkedThisTurn = false));
      const dataVersion = this.#dataVersion.get() as number;
      if (dataVersion !== this.#seenDataVersion) {
        this.#seenDataVersion = dataVersion;
        this.#stale = true;
      }
    }
    if (this.#stale) {
      // Inside a transaction this connection would read its own uncommitted versions.
      if (this.#raw.inTransaction) return undefined;
      const rows = this.#versions.all() as Array<{ topic: Topic; version: number }>;
      this.#current = new Map(rows.map((row) => [row.topic, row.version]));
      this.#stale = false;
    }
    return this.#current;
  }

  busy(): boolean {
    return this.#raw.inTransaction;
  }

  within(trx: Tx): Promise<Versions> {
    return readCacheVersions(trx);
  }
}
