import type { Database } from '../db/connection.ts';
import { Memo } from '../db/memo.ts';
import { digestsEqual, sha256Hex, API_KEY_PREFIX } from '../ids.ts';
import { fromKeyRow, type ApiKey } from './api-key.ts';
import { findKeyByHash } from './keys.repository.ts';

const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{16,128}$`);

/**
 * Finds the key record for a presented value, from memory when it can. The cache is dropped when
 * this process changes a key (`invalidate`) and when another process (the CLI) writes to the
 * database (see Memo). Unknown values are not cached.
 */
export class KeyStore {
  readonly #database: Database;
  readonly #byHash: Memo<string, ApiKey>;

  constructor(database: Database) {
    this.#database = database;
    this.#byHash = new Memo(database);
  }

  async authenticate(value: string): Promise<ApiKey | undefined> {
    if (!KEY_SHAPE.test(value)) return undefined;
    const hash = sha256Hex(value);
    const db = this.#database.kysely;
    return this.#byHash.get(hash, db, async () => {
      const row = await findKeyByHash(db, hash);
      // The lookup is by hash already; the comparison is constant-time all the same.
      return row && digestsEqual(row.key_hash, hash) ? fromKeyRow(row) : undefined;
    });
  }

  invalidate(): void {
    this.#byHash.clear();
  }
}
