import { sql, type Kysely } from 'kysely';

/**
 * Issue 27: whether the salon chose its booking page's language. Until it does, the page speaks
 * each visitor's language (English or German). A salon whose page is not in the default en-GB
 * chose it; one still at en-GB cannot be told from one that never chose, and counts as not chosen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table businesses add column page_locale_chosen integer not null default 0`.execute(db);
  await sql`update businesses set page_locale_chosen = 1 where page_locale <> 'en-GB'`.execute(db);
}
