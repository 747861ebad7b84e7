import type { Insertable, Updateable } from 'kysely';
import type { Db, Tx } from '../db/transaction.ts';
import type { StaffRow, StaffTable } from '../db/tables.ts';

export async function insertStaff(db: Db | Tx, row: Insertable<StaffTable>): Promise<number> {
  const { id } = await db.insertInto('staff').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findStaff(db: Db | Tx, businessId: number, id: number): Promise<StaffRow | undefined> {
  return db.selectFrom('staff').selectAll().where('id', '=', id).where('business_id', '=', businessId).executeTakeFirst();
}

export async function listStaff(db: Db | Tx, businessId: number, onlyActive: boolean): Promise<StaffRow[]> {
  let query = db.selectFrom('staff').selectAll().where('business_id', '=', businessId);
  if (onlyActive) query = query.where('active', '=', 1);
  return query.orderBy('id').execute();
}

export async function updateStaff(db: Db | Tx, id: number, patch: Updateable<StaffTable>): Promise<void> {
  await db.updateTable('staff').set(patch).where('id', '=', id).execute();
}

/** Service ids each staff member performs, for the given staff. */
export async function servicesOfStaff(db: Db | Tx, staffIds: readonly number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(staffIds.map((id) => [id, []]));
  if (staffIds.length === 0) return map;
  const rows = await db
    .selectFrom('staff_services as ss')
    .innerJoin('services as s', 's.id', 'ss.service_id')
    .select(['ss.staff_id', 'ss.service_id'])
    .where('ss.staff_id', 'in', staffIds)
    .where('s.deleted_at', 'is', null)
    .orderBy('ss.service_id')
    .execute();
  for (const row of rows) map.get(row.staff_id)?.push(row.service_id);
  return map;
}

export async function replaceStaffServices(tx: Tx, staffId: number, serviceIds: readonly number[]): Promise<void> {
  await tx.deleteFrom('staff_services').where('staff_id', '=', staffId).execute();
  if (serviceIds.length > 0) {
    await tx
      .insertInto('staff_services')
      .values(serviceIds.map((serviceId) => ({ staff_id: staffId, service_id: serviceId })))
      .execute();
  }
}
