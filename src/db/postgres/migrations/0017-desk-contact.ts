import { sql, type Kysely } from 'kysely';

/** PostgreSQL's 0017 (src/db/sqlite/migrations/0017-desk-contact.ts): whether a desk booking needs a way to reach the client. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table businesses
      add column desk_contact_required bigint not null default 1 check (desk_contact_required in (0, 1));
  `.execute(db);
}
