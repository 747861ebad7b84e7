import type { Database } from './connection.ts';
import { afterCommit, type Db, type Tx } from './transaction.ts';

/**
 * A cache of rarely-changing data. Whoever changes the data in this process calls clear() (from
 * an afterCommit hook when the change is transactional); changes made by another process (the CLI)
 * are noticed through SQLite's data_version, read once per turn of the event loop.
 *
 * A value is stored only if nothing cleared the cache while it was being loaded, and a value
 * loaded inside a transaction only once that transaction has committed: it may include work of
 * the same group commit that is still to be rolled back.
 */
export class Memo<K, V> {
  readonly #database: Database;
  readonly #values = new Map<K, V>();
  #seenVersion: number;
  /** Bumped by every clear: a load that began before one is stale. */
  #generation = 0;

  constructor(database: Database) {
    this.#database = database;
    this.#seenVersion = database.externalVersion();
  }

  /** The cached value, or `load`'s (kept unless undefined). `via` is what `load` reads through. */
  async get<T extends V | undefined>(key: K, via: Db | Tx, load: () => Promise<T>): Promise<V | T> {
    const cached = this.peek(key);
    if (cached !== undefined) return cached;
    const generation = this.#generation;
    const value = await load();
    if (value === undefined) return value;
    const keep = () => {
      if (generation === this.#generation) this.#values.set(key, value);
    };
    if (via.isTransaction) afterCommit(via as Tx, keep);
    else keep();
    return value;
  }

  peek(key: K): V | undefined {
    this.#dropIfChangedElsewhere();
    return this.#values.get(key);
  }

  clear(): void {
    this.#generation += 1;
    this.#values.clear();
  }

  #dropIfChangedElsewhere(): void {
    const version = this.#database.externalVersion();
    if (version !== this.#seenVersion) {
      this.#seenVersion = version;
      this.clear();
    }
  }
}
