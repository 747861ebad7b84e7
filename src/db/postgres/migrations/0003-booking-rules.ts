import { sql, type Kysely } from 'kysely';

/** PostgreSQL's 0003 (src/db/migrations/0003-booking-rules.ts): minimum notice and horizon per business. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table businesses add column min_notice_minutes bigint not null default 60;
    alter table businesses add column horizon_days bigint not null default 366;
    drop trigger businesses_directory on businesses;
    create trigger businesses_directory
      after update of name, timezone, address, phone, email, website, currency, working_hours, slot_step_minutes,
        min_notice_minutes, horizon_days on businesses
      for each row execute function bump_directory_version();
  `.execute(db);
}
