import type { Database, VersionedCache } from '../db/database.ts';
import { toServiceJson } from './service.presenter.ts';
import { listServices } from './services.repository.ts';

/**
 * GET /services, ready to send: each business's list serialised once and kept as bytes while the
 * `directory` topic stands. The catalog is read by every widget on every page view and changes a
 * few times a year.
 */
export class ServiceCatalog {
  readonly #database: Database;
  readonly #cache: VersionedCache<string, Buffer>;

  constructor(database: Database) {
    this.#database = database;
    this.#cache = database.cache(['directory']);
  }

  /** `{data, total}` as JSON bytes; `active` filters when given. */
  async json(businessId: number, active?: boolean): Promise<Buffer> {
    const db = this.#database.db;
    return this.#cache.get(`${businessId}:${active ?? 'all'}`, db, async () => {
      const rows = await listServices(db, businessId, active);
      return Buffer.from(JSON.stringify({ data: rows.map(toServiceJson), total: rows.length }));
    });
  }
}
