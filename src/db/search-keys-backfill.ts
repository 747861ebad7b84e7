import type { Kysely } from 'kysely';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { nameKey, phoneKey } from '../text/search-keys.ts';

/**
 * Migration 0021's data step, the same on both engines: each business's phone country guessed from
 * its own phone where that is written internationally (+49 …: DE; otherwise none, the owner sets
 * it), then every client's search keys made with it.
 */
export async function backfillSearchKeys(db: Kysely<any>): Promise<void> {
  const businesses = await db.selectFrom('businesses').select(['id', 'phone']).execute();
  for (const business of businesses) {
    const country = (business.phone && parsePhoneNumberFromString(business.phone)?.country) || null;
    if (country) await db.updateTable('businesses').set({ phone_country: country }).where('id', '=', business.id).execute();
    const clients = await db.selectFrom('clients').select(['id', 'name', 'phone']).where('business_id', '=', business.id).execute();
    for (const client of clients) {
      await db
        .updateTable('clients')
        .set({ search_name: nameKey(client.name), search_phone: phoneKey(client.phone, country) })
        .where('id', '=', client.id)
        .execute();
    }
  }
}
