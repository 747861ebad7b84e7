import { sql, type Kysely } from 'kysely';

/** PostgreSQL's 0012 (src/db/migrations/0012-booked-client.ts): the client as booked, and the salon's check. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table bookings
      add column booked_name text,
      add column booked_email text,
      add column booked_phone text,
      add column client_check text check (client_check in ('email', 'phone'));
    update bookings b set booked_name = c.name, booked_email = c.email, booked_phone = c.phone from clients c where c.id = b.client_id;
  `.execute(db);
}
