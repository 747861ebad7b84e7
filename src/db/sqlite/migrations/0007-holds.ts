import { sql, type Kysely } from 'kysely';

/** An overlap of `a` and `b` (rows with start_at, end_at and buffers), as SQL. */
const overlap = (a: string, b: string) =>
  `${a}.start_at - ${a}.buffer_before_minutes * 60000 < ${b}.end_at + ${b}.buffer_after_minutes * 60000
   and ${a}.end_at + ${a}.buffer_after_minutes * 60000 > ${b}.start_at - ${b}.buffer_before_minutes * 60000`;

/** Bookings and holds are at most a day long and buffers at most 240 minutes: the index bounds of a search near `row`. */
const near = (a: string, row: string) =>
  `${a}.start_at < ${row}.end_at + 28800000 and ${a}.start_at > ${row}.start_at - 86400000 - 28800000`;

/**
 * Holds: a slot kept for one API key for a few minutes while a client types their name. Stored,
 * so they survive a restart; the database refuses a hold over a live booking or another hold, and
 * a booking over another key's hold (the triggers below), inside the transaction that writes it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('slot_holds')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
    .addColumn('api_key_id', 'integer', (c) => c.notNull().references('api_keys.id'))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('start_at', 'integer', (c) => c.notNull())
    .addColumn('end_at', 'integer', (c) => c.notNull())
    .addColumn('buffer_before_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('buffer_after_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addCheckConstraint('slot_holds_times', sql`end_at > start_at and end_at - start_at <= 86400000`)
    .execute();
  await db.schema.createIndex('slot_holds_staff_time').on('slot_holds').columns(['staff_id', 'start_at']).execute();
  await db.schema.createIndex('slot_holds_expiry').on('slot_holds').column('expires_at').execute();

  await sql
    .raw(
      `create trigger slot_holds_no_overlap before insert on slot_holds
       begin
         select raise(abort, 'slot_unavailable')
         where exists (
           select 1 from bookings b
           where b.staff_id = new.staff_id and b.status in ('pending', 'confirmed') and ${near('b', 'new')} and ${overlap('b', 'new')}
         ) or exists (
           select 1 from slot_holds h
           where h.staff_id = new.staff_id and h.expires_at > new.created_at and ${near('h', 'new')} and ${overlap('h', 'new')}
         );
       end`,
    )
    .execute(db);

  // 0006's booking triggers, now also refusing a time another key holds (a hold is live while
  // expires_at is later than the booking's own time stamp, the application clock's "now").
  for (const [name, timing, stamp] of [
    ['bookings_no_overlap_insert', 'before insert on bookings', 'new.created_at'],
    ['bookings_no_overlap_update', 'before update of staff_id, start_at, end_at, status, buffer_before_minutes, buffer_after_minutes on bookings', 'new.updated_at'],
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
             where b.staff_id = new.staff_id and b.id is not new.id and b.status in ('pending', 'confirmed')
               and ${near('b', 'new')} and ${overlap('b', 'new')}
           ) or exists (
             select 1 from slot_holds h
             where h.staff_id = new.staff_id and h.expires_at > ${stamp} and h.api_key_id is not new.api_key_id
               and ${near('h', 'new')} and ${overlap('h', 'new')}
           );
         end`,
      )
      .execute(db);
  }
}
