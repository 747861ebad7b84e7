import { sql, type Kysely } from 'kysely';
import { backfillSearchKeys } from '../../search-keys-backfill.ts';

/**
 * Issue 27, defect 9: clients are found the way a front desk types them. A business gains the
 * country its phone numbers are read in (ISO 3166-1 alpha-2, null: none set); each client keeps its
 * name folded (search_name) and its phone in E.164 (search_phone, or its digits when it cannot be
 * read), made from the rows already there. The phone index moves to the key: bookings match on it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table businesses add column phone_country text`.execute(db);
  await sql`alter table clients add column search_name text not null default ''`.execute(db);
  await sql`alter table clients add column search_phone text`.execute(db);
  await db.schema.dropIndex('clients_phone').execute();
  await db.schema.createIndex('clients_search_phone').on('clients').columns(['business_id', 'search_phone']).execute();
  await backfillSearchKeys(db);
}
