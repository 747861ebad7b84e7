import type { Db, Tx } from '../db/transaction.ts';
import type { ApiKeyRow, ApiKeysTable } from '../db/tables.ts';
import { sql, type Insertable } from 'kysely';
import { bigint, greatest } from '../db/dialect.ts';

export async function insertKey(db: Db | Tx, row: Insertable<ApiKeysTable>): Promise<number> {
  const { id } = await db.insertInto('api_keys').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
}

export async function findKeyById(db: Db | Tx, id: number): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The keys the salon made (the booking page's own key is not one of them), by id. */
export async function listKeys(db: Db, businessId?: number): Promise<ApiKeyRow[]> {
  let query = db.selectFrom('api_keys').selectAll().where('kind', '=', 'api').orderBy('id');
  if (businessId !== undefined) query = query.where('business_id', '=', businessId);
  return query.execute();
}

export async function revokeKey(db: Db | Tx, id: number, now: number): Promise<void> {
  await db.updateTable('api_keys').set({ status: 'revoked', revoked_at: now, updated_at: now }).where('id', '=', id).execute();
}

export async function replaceKeyHash(db: Db | Tx, id: number, keyHash: string, now: number): Promise<void> {
  await db.updateTable('api_keys').set({ key_hash: keyHash, updated_at: now }).where('id', '=', id).execute();
}

/** Last-use times; on PostgreSQL several servers write them, so a time never goes back. */
export async function recordKeyUsage(tx: Tx, usage: ReadonlyMap<number, number>): Promise<void> {
  // In id order: two servers flushing the same keys lock their rows in the same order, never crosswise.
  for (const [id, lastUsedAt] of [...usage].sort(([a], [b]) => a - b)) {
    const value = greatest(tx, sql`coalesce(last_used_at, 0)`, bigint(tx, lastUsedAt));
    await tx.updateTable('api_keys').set({ last_used_at: value }).where('id', '=', id).execute();
  }
}

export async function loadDayCount(db: Db, apiKeyId: number, day: string): Promise<number> {
  const row = await db
    .selectFrom('rate_counters')
    .select('count')
    .where('api_key_id', '=', apiKeyId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row?.count ?? 0;
}

export async function saveDayCounts(tx: Tx, counts: ReadonlyArray<{ apiKeyId: number; day: string; count: number }>): Promise<void> {
  for (const { apiKeyId, day, count } of counts) {
    await tx
      .insertInto('rate_counters')
      .values({ api_key_id: apiKeyId, day, count })
      .onConflict((oc) => oc.columns(['api_key_id', 'day']).doUpdateSet({ count }))
      .execute();
  }
}

export async function deleteDayCountsBefore(tx: Tx, day: string): Promise<void> {
  await tx.deleteFrom('rate_counters').where('day', '<', day).execute();
}
