import { sql, type Kysely } from 'kysely';

/**
 * The salon's own booking page (src/booking-page/): its settings on the business (the short name
 * in its address, the language and date format, an accent colour, the cancellation policy, and
 * whether new clients' bookings wait for the salon), its logo, and what its limits per client
 * address count. The page books through a key of its own (`api_keys.kind = 'page'`, at most one per
 * business, never shown and never usable from outside); its holds carry the visitor's address, for
 * the cap per address, and the SHA-256 of the token only that visitor has. Salons made before get
 * their number as the short name, until they give it another.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table businesses add column page_slug text`.execute(db);
  await sql`alter table businesses add column page_locale text not null default 'en-GB'`.execute(db);
  await sql`alter table businesses add column page_accent_color text`.execute(db);
  await sql`alter table businesses add column page_policy text not null default ''`.execute(db);
  await sql`alter table businesses add column page_confirm_new_clients integer not null default 0 check (page_confirm_new_clients in (0, 1))`.execute(
    db,
  );
  await sql`update businesses set page_slug = cast(id as text)`.execute(db);
  await sql`create unique index businesses_page_slug on businesses (page_slug)`.execute(db);
  await db.schema
    .createTable('booking_page_logos')
    .addColumn('business_id', 'integer', (c) => c.primaryKey().references('businesses.id'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    // Base64 of the image's bytes.
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await sql`alter table api_keys add column kind text not null default 'api' check (kind in ('api', 'page'))`.execute(db);
  await sql`create unique index api_keys_page on api_keys (business_id) where kind = 'page'`.execute(db);
  await sql`alter table slot_holds add column holder_address text`.execute(db);
  await sql`alter table slot_holds add column token_hash text`.execute(db);
  await sql`create unique index slot_holds_token on slot_holds (token_hash)`.execute(db);
  await sql`create index slot_holds_holder_address on slot_holds (holder_address)`.execute(db);
  await db.schema
    .createTable('booking_page_counts')
    .addColumn('address', 'text', (c) => c.notNull())
    // UTC day, YYYY-MM-DD.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('bookings', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('booking_page_counts_pk', ['address', 'day'])
    .execute();
}
