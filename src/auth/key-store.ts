import type { Database, VersionedCache } from '../db/database.ts';
import { digestsEqual, sha256Hex, API_KEY_PREFIX } from '../ids.ts';
import { fromKeyRow, type ApiKey } from './api-key.ts';
import { findKeyByHash } from './keys.repository.ts';

const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{16,128}$`);

/**
 * Finds the key record for a presented value, from memory when it can: the cache is current while
 * the `keys` topic is (any change to a key, by any writer, makes it stale). Unknown values are not
 * cached. The cache is keyed by the presented value itself, which this process holds anyway while
 * it serves the request: a known key then costs a map lookup instead of a SHA-256.
 */
export class KeyStore {
  readonly #database: Database;
  readonly #byValue: VersionedCache<string, ApiKey>;

  constructor(database: Database) {
    this.#database = database;
    this.#byValue = database.cache(['keys']);
  }

  async authenticate(value: string): Promise<ApiKey | undefined> {
    if (!KEY_SHAPE.test(value)) return undefined;
    const db = this.#database.db;
    return this.#byValue.get(value, db, async () => {
      const hash = sha256Hex(value);
      const row = await findKeyByHash(db, hash);
      // The lookup is by hash already; the comparison is constant-time all the same.
      return row && digestsEqual(row.key_hash, hash) ? fromKeyRow(row) : undefined;
    });
  }
}
