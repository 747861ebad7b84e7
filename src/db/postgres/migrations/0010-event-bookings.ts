import { sql, type Kysely } from 'kysely';

/** PostgreSQL's 0010 (src/db/migrations/0010-event-bookings.ts): the booking an event is about. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table events add column booking_id bigint;
    update events set booking_id = (data::jsonb ->> 'bookingId')::bigint where jsonb_typeof(data::jsonb -> 'bookingId') = 'number';
    create index events_booking on events (booking_id) where booking_id is not null;
  `.execute(db);
}
