import type { Insertable, Updateable } from 'kysely';
import type { Db, Tx } from '../db/transaction.ts';
import type { ClosureRow, ClosuresTable, TimeOffRow, TimeOffTable } from '../db/tables.ts';

export async function insertTimeOff(tx: Tx, row: Insertable<TimeOffTable>): Promise<number> {
  const { id } = await tx.insertInto('time_off').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findTimeOff(db: Db | Tx, staffId: number, id: number): Promise<TimeOffRow | undefined> {
  return db.selectFrom('time_off').selectAll().where('id', '=', id).where('staff_id', '=', staffId).executeTakeFirst();
}

/** A staff member's time off, earliest first; `from` keeps only what ends after it. */
export async function listTimeOff(db: Db, staffId: number, from?: number): Promise<TimeOffRow[]> {
  let query = db.selectFrom('time_off').selectAll().where('staff_id', '=', staffId);
  if (from !== undefined) query = query.where('end_at', '>', from);
  return query.orderBy('start_at').orderBy('id').execute();
}

/** False when the row is gone (deleted by a transaction that committed meanwhile). */
export async function updateTimeOff(tx: Tx, id: number, patch: Updateable<TimeOffTable>): Promise<boolean> {
  const { numUpdatedRows } = await tx.updateTable('time_off').set(patch).where('id', '=', id).executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** False when the row was gone already (deleted by a transaction that committed meanwhile). */
export async function deleteTimeOff(tx: Tx, id: number): Promise<boolean> {
  const { numDeletedRows } = await tx.deleteFrom('time_off').where('id', '=', id).executeTakeFirst();
  return numDeletedRows > 0n;
}

export async function insertClosure(tx: Tx, row: Insertable<ClosuresTable>): Promise<number> {
  const { id } = await tx.insertInto('closures').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findClosure(db: Db | Tx, businessId: number, id: number): Promise<ClosureRow | undefined> {
  return db.selectFrom('closures').selectAll().where('id', '=', id).where('business_id', '=', businessId).executeTakeFirst();
}

/** A business's closures, earliest first; `fromDate` keeps only those that end on or after it. */
export async function listClosures(db: Db, businessId: number, fromDate?: string): Promise<ClosureRow[]> {
  let query = db.selectFrom('closures').selectAll().where('business_id', '=', businessId);
  if (fromDate !== undefined) query = query.where('end_date', '>=', fromDate);
  return query.orderBy('start_date').orderBy('id').execute();
}

/** False when the row is gone (deleted by a transaction that committed meanwhile). */
export async function updateClosure(tx: Tx, id: number, patch: Updateable<ClosuresTable>): Promise<boolean> {
  const { numUpdatedRows } = await tx.updateTable('closures').set(patch).where('id', '=', id).executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** False when the row was gone already (deleted by a transaction that committed meanwhile). */
export async function deleteClosure(tx: Tx, id: number): Promise<boolean> {
  const { numDeletedRows } = await tx.deleteFrom('closures').where('id', '=', id).executeTakeFirst();
  return numDeletedRows > 0n;
}
