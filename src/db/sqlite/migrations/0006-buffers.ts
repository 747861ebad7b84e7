import { sql, type Kysely } from 'kysely';

/**
 * Buffers: preparation before and cleaning after a service, in the staff member's time but not
 * the client's. A booking keeps the buffers it was made with, and the database's own overlap
 * check (0002's triggers, replaced here) compares the times with their buffers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['services', 'bookings']) {
    await db.schema.alterTable(table).addColumn('buffer_before_minutes', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable(table).addColumn('buffer_after_minutes', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  }
  // Buffers are at most 240 minutes each (schema/service-create.json) and bookings at most a day
  // long, so nothing that starts earlier than a day and 8 hours before can reach a new booking.
  for (const [name, timing] of [
    ['bookings_no_overlap_insert', 'before insert on bookings'],
    ['bookings_no_overlap_update', 'before update of staff_id, start_at, end_at, status, buffer_before_minutes, buffer_after_minutes on bookings'],
  ] as const) {
    await sql.raw(`drop trigger ${name}`).execute(db);
    await sql
      .raw(
        `create trigger ${name} ${timing}
         when new.status in ('pending', 'confirmed')
         begin
           select raise(abort, 'slot_unavailable')
           where exists (
             select 1 from bookings b
             where b.staff_id = new.staff_id
               and b.id is not new.id
               and b.status in ('pending', 'confirmed')
               and b.start_at < new.end_at + new.buffer_after_minutes * 60000 + 14400000
               and b.start_at > new.start_at - new.buffer_before_minutes * 60000 - 86400000 - 14400000
               and b.start_at - b.buffer_before_minutes * 60000 < new.end_at + new.buffer_after_minutes * 60000
               and b.end_at + b.buffer_after_minutes * 60000 > new.start_at - new.buffer_before_minutes * 60000
           );
         end`,
      )
      .execute(db);
  }
}
