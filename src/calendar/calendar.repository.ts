import type { Insertable } from 'kysely';
import type { Db, Tx } from '../db/transaction.ts';
import type { CalendarFeedRow, CalendarFeedsTable } from '../db/tables.ts';

export async function insertFeed(db: Db | Tx, row: Insertable<CalendarFeedsTable>): Promise<number> {
  const { id } = await db.insertInto('calendar_feeds').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function listFeeds(db: Db, businessId: number): Promise<CalendarFeedRow[]> {
  return db.selectFrom('calendar_feeds').selectAll().where('business_id', '=', businessId).orderBy('id').execute();
}

export async function findFeed(db: Db | Tx, businessId: number, id: number): Promise<CalendarFeedRow | undefined> {
  return db.selectFrom('calendar_feeds').selectAll().where('id', '=', id).where('business_id', '=', businessId).executeTakeFirst();
}

/** The live feed whose token hashes to `tokenHash`. */
export async function findLiveFeedByHash(db: Db, tokenHash: string): Promise<CalendarFeedRow | undefined> {
  return db.selectFrom('calendar_feeds').selectAll().where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst();
}

export async function revokeFeed(db: Db | Tx, id: number, now: number): Promise<void> {
  await db.updateTable('calendar_feeds').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}
