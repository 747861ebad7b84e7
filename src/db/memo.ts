import type { Database } from './connection.ts';

/**
 * A cache of rarely-changing data. Whoever changes the data in this process calls clear();
 * changes made by another process (the CLI) are noticed through SQLite's data_version, checked on
 * every read for the price of one pragma.
 */
export class Memo<K, V> {
  readonly #database: Database;
  readonly #values = new Map<K, V>();
  #seenVersion: number;

  constructor(database: Database) {
    this.#database = database;
    this.#seenVersion = database.externalVersion();
  }

  async get(key: K, load: () => Promise<V>): Promise<V> {
    this.#dropIfChangedElsewhere();
    const cached = this.#values.get(key);
    if (cached !== undefined) return cached;
    const value = await load();
    this.#values.set(key, value);
    return value;
  }

  /** Stores a value directly (when it is already at hand). */
  set(key: K, value: V): void {
    this.#values.set(key, value);
  }

  peek(key: K): V | undefined {
    this.#dropIfChangedElsewhere();
    return this.#values.get(key);
  }

  clear(): void {
    this.#values.clear();
  }

  #dropIfChangedElsewhere(): void {
    const version = this.#database.externalVersion();
    if (version !== this.#seenVersion) {
      this.#seenVersion = version;
      this.#values.clear();
    }
  }
}
