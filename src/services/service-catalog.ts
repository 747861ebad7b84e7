import type { Database } from '../db/connection.ts';
import { Memo } from '../db/memo.ts';
import { toServiceJson } from './service.presenter.ts';
import { listServices } from './services.repository.ts';

/**
 * GET /services, ready to send: each business's list serialised once and kept as bytes until a
 * service changes (clear()) or another process writes (Memo). The catalog is read by every
 * widget on every page view and changes a few times a year.
 */
export class ServiceCatalog {
  readonly #database: Database;
  readonly #memo: Memo<string, Buffer>;

  constructor(database: Database) {
    this.#database = database;
    this.#memo = new Memo(database);
  }

  /** `{data, total}` as JSON bytes; `active` filters when given. */
  async json(businessId: number, active?: boolean): Promise<Buffer> {
    return this.#memo.get(`${businessId}:${active ?? 'all'}`, this.#database.kysely, async () => {
      const rows = await listServices(this.#database.kysely, businessId, active);
      return Buffer.from(JSON.stringify({ data: rows.map(toServiceJson), total: rows.length }));
    });
  }

  clear(): void {
    this.#memo.clear();
  }
}
