import { sql, type Kysely } from 'kysely';

/**
 * Which booking an event is about (`bookingId` of booking.*, payment.* and review.created), so a
 * booking's page lists its events and their deliveries without reading every event's JSON.
 * Events recorded before this migration get it from their data.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table events add column booking_id integer`.execute(db);
  await sql`update events set booking_id = json_extract(data, '$.bookingId') where json_type(data, '$.bookingId') = 'integer'`.execute(db);
  await sql`create index events_booking on events (booking_id) where booking_id is not null`.execute(db);
}
