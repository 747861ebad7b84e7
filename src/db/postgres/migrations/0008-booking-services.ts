import { sql, type Kysely } from 'kysely';

/** PostgreSQL's 0008 (src/db/migrations/0008-booking-services.ts): the services of a visit of several, and of a hold. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table bookings add column service_count bigint not null default 1;
    create table booking_services (
      booking_id bigint not null references bookings (id) on delete cascade,
      position bigint not null,
      service_id bigint not null references services (id),
      name text not null,
      start_at bigint not null,
      end_at bigint not null,
      price bigint not null,
      constraint booking_services_pk primary key (booking_id, position)
    );
    create index booking_services_service on booking_services (service_id);
    alter table slot_holds add column service_ids text;
  `.execute(db);
}
