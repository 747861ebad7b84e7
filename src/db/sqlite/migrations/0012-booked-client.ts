import { sql, type Kysely } from 'kysely';

/**
 * The client's details as a booking gave them (booked_name, booked_email, booked_phone), apart
 * from the client record it is on; and client_check, set ('email' or 'phone') while a booking put
 * on a known client because of that address differs from the record in name or phone, until the
 * salon says whether it is the same person. Bookings made before this get their client's details
 * as they are now.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bookings add column booked_name text`.execute(db);
  await sql`alter table bookings add column booked_email text`.execute(db);
  await sql`alter table bookings add column booked_phone text`.execute(db);
  await sql`alter table bookings add column client_check text check (client_check in ('email', 'phone'))`.execute(db);
  await sql`
    update bookings set
      booked_name = (select c.name from clients c where c.id = bookings.client_id),
      booked_email = (select c.email from clients c where c.id = bookings.client_id),
      booked_phone = (select c.phone from clients c where c.id = bookings.client_id)
  `.execute(db);
}
