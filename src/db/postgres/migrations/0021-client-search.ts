import { sql, type Kysely } from 'kysely';
import { backfillSearchKeys } from '../../search-keys-backfill.ts';

/** PostgreSQL's 0021 (src/db/sqlite/migrations/0021-client-search.ts): a business's phone country, each client's search keys. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table businesses add column phone_country text;
    alter table clients add column search_name text not null default '', add column search_phone text;
    drop index clients_phone;
    create index clients_search_phone on clients (business_id, search_phone);
  `.execute(db);
  await backfillSearchKeys(db);
}
