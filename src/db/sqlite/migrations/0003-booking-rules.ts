import { sql, type Kysely } from 'kysely';

/**
 * Booking rules per business: minimum notice and booking horizon, beside the slot step of 0001.
 * The directory cache's trigger learns the new columns, so a changed rule is seen at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('businesses').addColumn('min_notice_minutes', 'integer', (c) => c.notNull().defaultTo(60)).execute();
  await db.schema.alterTable('businesses').addColumn('horizon_days', 'integer', (c) => c.notNull().defaultTo(366)).execute();
  await sql`drop trigger businesses_directory`.execute(db);
  await sql
    .raw(
      `create trigger businesses_directory
       after update of name, timezone, address, phone, email, website, currency, working_hours, slot_step_minutes,
         min_notice_minutes, horizon_days on businesses
       begin update businesses set directory_version = directory_version + 1 where id = new.id; end`,
    )
    .execute(db);
}
