import type { BusinessDirectory } from '../businesses/directory.ts';
import { PAGE_SLUG } from '../businesses/page-slug.ts';
import type { Db, Tx } from '../db/transaction.ts';
import type { Param } from '../http/operations.ts';

/** The :page of a booking page's path: its short name, in any case, naming a business (404 otherwise). */
export const PAGE: Param<string, { readonly db: Db; readonly directory: BusinessDirectory }> = {
  what: 'Booking page',
  parse: (text) => {
    const slug = text.toLowerCase();
    return PAGE_SLUG.test(slug) ? slug : undefined;
  },
  schema: { type: 'string', pattern: PAGE_SLUG.source },
  exists: async (slug, app) => (await app.directory.businessOfSlug(app.db, slug)) !== undefined,
};

/** The business of a page the mount has found to exist; read through `trx` in a write operation's transaction. */
export async function businessOfPage(
  app: { readonly db: Db; readonly directory: BusinessDirectory },
  slug: string,
  trx?: Tx,
): Promise<number> {
  return (await app.directory.businessOfSlug(trx ?? app.db, slug))!;
}
