import { sql, type Kysely } from 'kysely';

/** PostgreSQL's 0023 (src/db/sqlite/migrations/0023-page-locale-chosen.ts): whether the salon chose its page's language. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table businesses add column page_locale_chosen integer not null default 0;
    update businesses set page_locale_chosen = 1 where page_locale <> 'en-GB';
  `.execute(db);
}
