import type { Db, Tx } from '../db/transaction.ts';

type Reader = Db | Tx;

/**
 * Every table that holds something about one client, and where the export shows it. A table with
 * a client_id or booking_id column must be here (test/client-rights.test.ts asks the database).
 */
export const CLIENT_TABLES = {
  clients: 'client',
  bookings: 'bookings',
  booking_services: 'bookings',
  events: 'history',
  payments: 'payments',
  reviews: 'reviews',
  mail_messages: 'messages',
  mail_addresses: 'client',
  manage_links: 'manageLinks',
  booking_reminders: 'reminders',
} as const;

export async function bookingIdsOfClient(db: Reader, businessId: number, clientId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('bookings')
    .select('id')
    .where('business_id', '=', businessId)
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The client's bookings still to come (pending or confirmed, starting after now). */
export async function countComingVisits(db: Reader, businessId: number, clientId: number, now: number): Promise<number> {
  const { count } = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('business_id', '=', businessId)
    .where('client_id', '=', clientId)
    .where('status', 'in', ['pending', 'confirmed'])
    .where('start_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The details the client's bookings were made with (they may differ from the record's). */
export async function bookedDetails(db: Reader, bookingIds: readonly number[]) {
  if (bookingIds.length === 0) return [];
  return db.selectFrom('bookings').select(['booked_name', 'booked_email', 'booked_phone']).where('id', 'in', bookingIds).execute();
}

export async function paymentsOfBookings(db: Reader, bookingIds: readonly number[]) {
  if (bookingIds.length === 0) return [];
  return db.selectFrom('payments').selectAll().where('booking_id', 'in', bookingIds).orderBy('id').execute();
}

/** The client's reviews: written as them, or about one of their visits. */
export async function reviewIdsOfClient(db: Reader, businessId: number, clientId: number, bookingIds: readonly number[]) {
  const rows = await db
    .selectFrom('reviews')
    .select('id')
    .where('business_id', '=', businessId)
    .where((eb) =>
      bookingIds.length === 0
        ? eb('client_id', '=', clientId)
        : eb.or([eb('client_id', '=', clientId), eb('booking_id', 'in', bookingIds)]),
    )
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The names the client's reviews were signed with. */
export async function reviewAuthors(db: Reader, reviewIds: readonly number[]): Promise<string[]> {
  if (reviewIds.length === 0) return [];
  const rows = await db.selectFrom('reviews').select('author_name').where('id', 'in', reviewIds).execute();
  return rows.map((r) => r.author_name);
}

export async function messagesOfBookings(db: Reader, bookingIds: readonly number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom('mail_messages')
    .select(['id', 'booking_id', 'kind', 'recipient', 'status', 'attempts', 'sent_at', 'error', 'created_at', 'data'])
    .where('booking_id', 'in', bookingIds)
    .orderBy('id')
    .execute();
}

export async function manageLinksOfBookings(db: Reader, bookingIds: readonly number[]) {
  if (bookingIds.length === 0) return [];
  return db.selectFrom('manage_links').select(['booking_id', 'created_at']).where('booking_id', 'in', bookingIds).orderBy('id').execute();
}

export async function remindersOfBookings(db: Reader, bookingIds: readonly number[]) {
  if (bookingIds.length === 0) return [];
  return db.selectFrom('booking_reminders').select(['booking_id', 'due_at']).where('booking_id', 'in', bookingIds).execute();
}

/**
 * The events about the client: those of their bookings, and client.* events naming them (the
 * LIKE only narrows; the caller checks the parsed clientId).
 */
export async function eventsAboutClient(db: Reader, businessId: number, clientId: number, bookingIds: readonly number[]) {
  return db
    .selectFrom('events')
    .select(['id', 'event', 'data', 'booking_id', 'created_at'])
    .where('business_id', '=', businessId)
    .where((eb) => {
      const named = eb.and([eb('event', 'like', 'client.%'), eb('data', 'like', `%"clientId":${clientId}%`)]);
      return bookingIds.length === 0 ? named : eb.or([named, eb('booking_id', 'in', bookingIds)]);
    })
    .orderBy('id')
    .execute();
}
