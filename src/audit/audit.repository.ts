import type { Insertable } from 'kysely';
import type { AuditEntriesTable } from '../db/tables.ts';
import type { Db } from '../db/transaction.ts';

export async function insertAuditEntry(db: Db, row: Insertable<AuditEntriesTable>): Promise<void> {
  await db.insertInto('audit_entries').values(row).execute();
}

/** The entries about some targets of one kind (a booking's history), oldest first. */
export async function auditEntriesOf(db: Db, businessId: number, targetKind: string, targetIds: readonly number[]) {
  if (targetIds.length === 0) return [];
  return db
    .selectFrom('audit_entries')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('target_kind', '=', targetKind)
    .where('target_id', 'in', targetIds)
    .orderBy('id')
    .execute();
}

/** Deletes at most `limit` of the entries from before `at`, oldest first; answers how many. */
export async function deleteAuditEntriesBefore(db: Db, at: number, limit: number): Promise<number> {
  const oldest = db.selectFrom('audit_entries').select('id').where('at', '<', at).orderBy('at').limit(limit);
  const result = await db.deleteFrom('audit_entries').where('id', 'in', oldest).executeTakeFirst();
  return Number(result.numDeletedRows);
}
