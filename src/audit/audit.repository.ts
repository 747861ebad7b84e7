import type { Insertable } from 'kysely';
import { pick, prepared } from '../db/prepared.ts';
import type { AuditEntriesTable } from '../db/tables.ts';
import type { Db } from '../db/transaction.ts';

export type NewAuditEntry = Required<Omit<Insertable<AuditEntriesTable>, 'id'>>;

const COLUMNS = [
  'business_id',
  'at',
  'actor_kind',
  'actor_id',
  'actor_label',
  'action',
  'target_kind',
  'target_id',
  'changes',
  'request_id',
  'address',
] as const satisfies ReadonlyArray<keyof NewAuditEntry>;

/** Compiled once: a booking writes one or two. */
const insert = prepared<NewAuditEntry>((qb, p) => qb.insertInto('audit_entries').values(pick(p, COLUMNS)));

export async function insertAuditEntry(db: Db, row: NewAuditEntry): Promise<void> {
  await insert(db, row);
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
