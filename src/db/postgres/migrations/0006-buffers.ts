import { sql, type Kysely } from 'kysely';

/**
 * PostgreSQL's 0006 (src/db/migrations/0006-buffers.ts): buffers before and after, kept by each
 * booking. The exclusion constraint of 0002 now compares the times with their buffers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table services add column buffer_before_minutes bigint not null default 0;
    alter table services add column buffer_after_minutes bigint not null default 0;
    alter table bookings add column buffer_before_minutes bigint not null default 0;
    alter table bookings add column buffer_after_minutes bigint not null default 0;
    alter table bookings drop constraint bookings_slot_unavailable;
    alter table bookings add constraint bookings_slot_unavailable exclude using gist (
      staff_id with =,
      int8range(start_at - buffer_before_minutes * 60000, end_at + buffer_after_minutes * 60000) with &&
    ) where (status in ('pending', 'confirmed'));
  `.execute(db);
}
