import { sql, type Kysely } from 'kysely';

/**
 * Whether a client booked at the desk needs a phone number or an e-mail address (issue 27): by
 * default yes, as before; a salon that takes walk-ins by name alone says no.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table businesses add column desk_contact_required integer not null default 1 check (desk_contact_required in (0, 1))`.execute(
    db,
  );
}
