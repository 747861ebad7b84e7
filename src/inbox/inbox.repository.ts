import type { Db } from '../db/transaction.ts';

/** The names and kinds of the keys that made some bookings: where each came from. */
export async function keysByIds(db: Db, ids: readonly number[]): Promise<Map<number, { name: string; kind: 'api' | 'page' }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('api_keys').select(['id', 'name', 'kind']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, { name: row.name, kind: row.kind }]));
}
