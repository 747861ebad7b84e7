import { sql, type Insertable } from 'kysely';
import type { Db, Tx } from '../db/transaction.ts';
import type { SlotHoldRow, SlotHoldsTable } from '../db/tables.ts';

export async function insertHold(tx: Tx, row: Insertable<SlotHoldsTable>): Promise<number> {
  const { id } = await tx.insertInto('slot_holds').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** A hold of this key, expired or not; another key's hold is not found. */
export async function findHold(db: Db | Tx, apiKeyId: number, id: number): Promise<SlotHoldRow | undefined> {
  return db.selectFrom('slot_holds').selectAll().where('id', '=', id).where('api_key_id', '=', apiKeyId).executeTakeFirst();
}

/** A hold of this business, whichever key made it, expired or not. */
export async function findBusinessHold(db: Db | Tx, businessId: number, id: number): Promise<SlotHoldRow | undefined> {
  return db.selectFrom('slot_holds').selectAll().where('id', '=', id).where('business_id', '=', businessId).executeTakeFirst();
}

/** A booking page's hold of this business by the SHA-256 of its token, expired or not. */
export async function findHoldByToken(db: Db | Tx, businessId: number, tokenHash: string): Promise<SlotHoldRow | undefined> {
  return db
    .selectFrom('slot_holds')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
}

export async function deleteHold(tx: Tx, id: number): Promise<void> {
  await tx.deleteFrom('slot_holds').where('id', '=', id).execute();
}

export async function deleteHolds(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await tx.deleteFrom('slot_holds').where('id', 'in', ids).execute();
}

/** Holds that expired before `before`: they block nothing, and a day later nobody asks about them. */
export async function deleteExpiredHolds(tx: Tx, before: number): Promise<void> {
  await tx.deleteFrom('slot_holds').where('expires_at', '<', before).execute();
}

/**
 * Whose live holds a cap counts (src/slots/hold-quota.ts): an API key's, or, on the booking page,
 * whose visitors all share the page's key, one visitor's address (slot_holds.holder_address).
 */
export type HoldHolder = { kind: 'key'; apiKeyId: number } | { kind: 'address'; address: string };

/** How many live holds `holder` has, and when the first of them expires (null: none). */
export async function countLiveHolds(db: Db | Tx, holder: HoldHolder, now: number): Promise<{ count: number; firstExpiry: number | null }> {
  let query = db
    .selectFrom('slot_holds')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<number | null>('expires_at').as('first_expiry')])
    .where('expires_at', '>', now);
  query = holder.kind === 'key' ? query.where('api_key_id', '=', holder.apiKeyId) : query.where('holder_address', '=', holder.address);
  const row = await query.executeTakeFirstOrThrow();
  return { count: Number(row.count), firstExpiry: row.first_expiry === null ? null : Number(row.first_expiry) };
}

function viewQuery(db: Db | Tx) {
  return db
    .selectFrom('slot_holds as h')
    .innerJoin('api_keys as k', 'k.id', 'h.api_key_id')
    .innerJoin('staff as st', 'st.id', 'h.staff_id')
    .selectAll('h')
    .select(['k.name as key_name', 'k.kind as key_kind', 'st.name as staff_name']);
}

/** A hold with the names the salon sees: the key that holds it and the staff member. */
export type HoldView = Awaited<ReturnType<ReturnType<typeof viewQuery>['executeTakeFirstOrThrow']>>;

/** The business's live holds, by start time. */
export async function liveHoldViews(db: Db | Tx, businessId: number, now: number): Promise<HoldView[]> {
  return viewQuery(db)
    .where('h.business_id', '=', businessId)
    .where('h.expires_at', '>', now)
    .orderBy('h.start_at')
    .orderBy('h.id')
    .execute();
}

/**
 * Live holds of these staff whose time, buffers included, overlaps [from, to): what stands in the
 * way of a booking whose busy time that is (the overlap the triggers of 0007 check).
 */
export async function liveHoldViewsOverlapping(
  db: Db | Tx,
  staffIds: readonly number[],
  from: number,
  to: number,
  now: number,
): Promise<HoldView[]> {
  if (staffIds.length === 0) return [];
  return viewQuery(db)
    .where('h.staff_id', 'in', staffIds)
    .where('h.expires_at', '>', now)
    .where(sql<number>`h.start_at - h.buffer_before_minutes * 60000`, '<', to)
    .where(sql<number>`h.end_at + h.buffer_after_minutes * 60000`, '>', from)
    .orderBy('h.start_at')
    .orderBy('h.id')
    .execute();
}

/** The names of these services, deleted ones included (a hold may outlive its service's deletion by minutes). */
export async function serviceNames(db: Db | Tx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('services').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
