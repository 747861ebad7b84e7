import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Tx } from '../db/transaction.ts';
import type { BusinessRow, BusinessesTable } from '../db/tables.ts';
import { phoneKey } from '../text/search-keys.ts';

export async function insertBusiness(db: Db | Tx, row: Insertable<BusinessesTable>): Promise<number> {
  const { id } = await db.insertInto('businesses').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findBusiness(db: Db | Tx, id: number): Promise<BusinessRow | undefined> {
  return db.selectFrom('businesses').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listBusinesses(db: Db): Promise<BusinessRow[]> {
  return db.selectFrom('businesses').selectAll().orderBy('id').execute();
}

export async function countBusinesses(db: Db): Promise<number> {
  const row = await db.selectFrom('businesses').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateBusiness(db: Db | Tx, id: number, patch: Updateable<BusinessesTable>): Promise<void> {
  await db.updateTable('businesses').set(patch).where('id', '=', id).execute();
}

/**
 * Reads every client's phone of the business again in its (new) phone country. Here, not in
 * src/clients, because the country is the business's and clients/ lies above businesses/.
 */
export async function rekeyClientPhones(db: Db | Tx, businessId: number, country: string | null): Promise<void> {
  const clients = await db
    .selectFrom('clients')
    .select(['id', 'phone', 'search_phone'])
    .where('business_id', '=', businessId)
    .where('phone', 'is not', null)
    .execute();
  for (const client of clients) {
    const key = phoneKey(client.phone, country);
    if (key !== client.search_phone) await db.updateTable('clients').set({ search_phone: key }).where('id', '=', client.id).execute();
  }
}

/** Everything BusinessDirectory keeps of one business: it (undefined if there is none), its services, all its staff, who does which service, time off, closures, and whether it has a mail server of its own. */
export async function directoryRows(db: Db | Tx, businessId: number) {
  const [business, services, staff, links, timeOff, closures, mailSettings] = await Promise.all([
    db.selectFrom('businesses').selectAll().where('id', '=', businessId).executeTakeFirst(),
    db.selectFrom('services').selectAll().where('business_id', '=', businessId).where('deleted_at', 'is', null).orderBy('id').execute(),
    db.selectFrom('staff').selectAll().where('business_id', '=', businessId).orderBy('id').execute(),
    db
      .selectFrom('staff_services as ss')
      .innerJoin('staff as st', 'st.id', 'ss.staff_id')
      .innerJoin('services as s', 's.id', 'ss.service_id')
      .select(['ss.staff_id', 'ss.service_id'])
      .where('st.business_id', '=', businessId)
      .where('s.deleted_at', 'is', null)
      .execute(),
    db.selectFrom('time_off').selectAll().where('business_id', '=', businessId).orderBy('start_at').execute(),
    db.selectFrom('closures').selectAll().where('business_id', '=', businessId).orderBy('start_date').execute(),
    db.selectFrom('mail_settings').select('business_id').where('business_id', '=', businessId).executeTakeFirst(),
  ]);
  return { business, services, staff, links, timeOff, closures, ownMailServer: mailSettings !== undefined };
}

/** The booking page slugs that are `base` or `base-…`. */
export async function slugsStartingWith(db: Db | Tx, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('businesses')
    .select('page_slug')
    .where((eb) => eb.or([eb('page_slug', '=', base), eb('page_slug', 'like', `${base}-%`)]))
    .execute();
  return rows.map((row) => row.page_slug!);
}

/** The business whose booking page has this short name. */
export async function businessIdOfSlug(db: Db | Tx, slug: string): Promise<number | undefined> {
  const row = await db.selectFrom('businesses').select('id').where('page_slug', '=', slug).executeTakeFirst();
  return row?.id;
}
