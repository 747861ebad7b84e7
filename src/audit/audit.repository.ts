import type { Insertable } from 'kysely';
import type { AuditEntriesTable } from '../db/tables.ts';
import type { Db } from '../db/transaction.ts';

export async function insertAuditEntry(db: Db, row: Insertable<AuditEntriesTable>): Promise<void> {
  await db.insertInto('audit_entries').values(row).execute();
}
