import { sql, type Kysely } from 'kysely';

/** PostgreSQL's 0014 (src/db/sqlite/migrations/0014-booking-page.ts): the booking page's settings, logo, key, holds and counts. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table businesses
      add column page_slug text,
      add column page_locale text not null default 'en-GB',
      add column page_accent_color text,
      add column page_policy text not null default '',
      add column page_confirm_new_clients bigint not null default 0 check (page_confirm_new_clients in (0, 1));
    update businesses set page_slug = id::text;
    create unique index businesses_page_slug on businesses (page_slug);
    create table booking_page_logos (
      business_id bigint primary key references businesses (id),
      content_type text not null,
      data text not null,
      updated_at bigint not null
    );
    alter table api_keys add column kind text not null default 'api' check (kind in ('api', 'page'));
    create unique index api_keys_page on api_keys (business_id) where kind = 'page';
    alter table slot_holds add column holder_address text, add column token_hash text;
    create unique index slot_holds_token on slot_holds (token_hash);
    create index slot_holds_holder_address on slot_holds (holder_address);
    create table booking_page_counts (
      address text not null,
      day text not null,
      bookings bigint not null,
      constraint booking_page_counts_pk primary key (address, day)
    );
  `.execute(db);
}
