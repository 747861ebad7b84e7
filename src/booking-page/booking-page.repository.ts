import { sql } from 'kysely';
import type { BookingPageLogosTable } from '../db/tables.ts';
import type { Db, Tx } from '../db/transaction.ts';

/** The booking page's own key of a business (api_keys.kind = 'page'), if it has one yet. */
export async function findPageKey(db: Db | Tx, businessId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .select('id')
    .where('business_id', '=', businessId)
    .where('kind', '=', 'page')
    .executeTakeFirst();
  return row?.id;
}

/**
 * The page's key: no scopes, and a key_hash no value hashes to (a SHA-256 is 64 hex digits), so
 * nobody can call the APIs with it. It is what the page's holds and bookings are stored under.
 */
export async function insertPageKey(tx: Tx, businessId: number, now: number): Promise<number> {
  const { id } = await tx
    .insertInto('api_keys')
    .values({
      business_id: businessId,
      name: 'Booking page',
      key_hash: `booking-page:${businessId}`,
      scopes: '[]',
      allowed_origins: null,
      status: 'active',
      kind: 'page',
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function findLogo(db: Db | Tx, businessId: number): Promise<BookingPageLogosTable | undefined> {
  return db.selectFrom('booking_page_logos').selectAll().where('business_id', '=', businessId).executeTakeFirst();
}

/** When the logo last changed (its version in the page's address of it), without its bytes. */
export async function logoVersion(db: Db | Tx, businessId: number): Promise<number | undefined> {
  const row = await db.selectFrom('booking_page_logos').select('updated_at').where('business_id', '=', businessId).executeTakeFirst();
  return row?.updated_at;
}

export async function saveLogo(tx: Tx, logo: BookingPageLogosTable): Promise<void> {
  await tx
    .insertInto('booking_page_logos')
    .values(logo)
    .onConflict((oc) =>
      oc.column('business_id').doUpdateSet({ content_type: logo.content_type, data: logo.data, updated_at: logo.updated_at }),
    )
    .execute();
}

export async function deleteLogo(tx: Tx, businessId: number): Promise<void> {
  await tx.deleteFrom('booking_page_logos').where('business_id', '=', businessId).execute();
}

/** The bookings made from `address` on UTC `day` so far. */
export async function bookingsFromAddress(db: Db | Tx, address: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('booking_page_counts')
    .select('bookings')
    .where('address', '=', address)
    .where('day', '=', day)
    .executeTakeFirst();
  return Number(row?.bookings ?? 0);
}

export async function countBookingFromAddress(tx: Tx, address: string, day: string): Promise<void> {
  await tx
    .insertInto('booking_page_counts')
    .values({ address, day, bookings: 1 })
    .onConflict((oc) => oc.columns(['address', 'day']).doUpdateSet({ bookings: sql`booking_page_counts.bookings + 1` }))
    .execute();
}

/** Counts of days before `day`: no limit asks about them any more. */
export async function forgetCountsBefore(tx: Tx, day: string): Promise<void> {
  await tx.deleteFrom('booking_page_counts').where('day', '<', day).execute();
}
