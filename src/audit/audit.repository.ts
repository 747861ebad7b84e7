import type { Insertable } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { AuditEntriesTable } from '../db/tables.ts';
import type { Db } from '../db/transaction.ts';
import { batchOrRun } from '../db/write-batch.ts';

export type NewAuditEntry = Required<Omit<Insertable<AuditEntriesTable>, 'id'>>;

/** Every column of a new entry: tsc refuses this list when the table gains one it lacks. */
const COLUMNS = Object.keys({
  business_id: true,
  at: true,
  actor_kind: true,
  actor_id: true,
  actor_label: true,
  action: true,
  target_kind: true,
  target_id: true,
  changes: true,
  request_id: true,
  address: true,
} satisfies Record<keyof NewAuditEntry, true>) as ReadonlyArray<keyof NewAuditEntry>;

/** Compiled once for one entry and once for two (a booking for a new client writes its client's and its own). */
const inserts = [1, 2].map((count) =>
  prepared<Record<string, unknown>>((qb, p) =>
    qb
      .insertInto('audit_entries')
      .values(Array.from({ length: count }, (_, i) => Object.fromEntries(COLUMNS.map((c) => [c, p[`${c}${i}`]])) as NewAuditEntry)),
  ),
);

/** Inserts the entries in their order (their ids rise with it), in one statement. */
export async function insertAuditEntries(db: Db, rows: readonly NewAuditEntry[]): Promise<void> {
  const insert = inserts[rows.length - 1];
  if (!insert) {
    if (rows.length > 0)
      await db
        .insertInto('audit_entries')
        .values([...rows])
        .execute();
    return;
  }
  const query = insert.compile(db, Object.fromEntries(rows.flatMap((row, i) => COLUMNS.map((c) => [`${c}${i}`, row[c]]))));
  // Held for the statement of an open inOneStatement (a booking's writes: src/db/write-batch.ts).
  if (!batchOrRun(db, query)) await db.executeQuery(query);
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
