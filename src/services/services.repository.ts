import type { Insertable, Updateable } from 'kysely';
import type { Db, Tx } from '../db/transaction.ts';
import type { ServiceRow, ServicesTable } from '../db/tables.ts';

export async function insertService(db: Db | Tx, row: Insertable<ServicesTable>): Promise<number> {
  const { id } = await db.insertInto('services').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The business's services that are not deleted, in catalog order. */
export async function listServices(db: Db | Tx, businessId: number, active?: boolean): Promise<ServiceRow[]> {
  let query = db.selectFrom('services').selectAll().where('business_id', '=', businessId).where('deleted_at', 'is', null);
  if (active !== undefined) query = query.where('active', '=', active ? 1 : 0);
  return query.orderBy('id').execute();
}

export async function findService(db: Db | Tx, businessId: number, id: number): Promise<ServiceRow | undefined> {
  return db
    .selectFrom('services')
    .selectAll()
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function updateService(db: Db | Tx, id: number, patch: Updateable<ServicesTable>): Promise<void> {
  await db.updateTable('services').set(patch).where('id', '=', id).execute();
}

/** Takes a service out of the catalog and off every staff member; bookings keep pointing at it. */
export async function softDeleteService(trx: Tx, id: number, now: number): Promise<void> {
  await trx.updateTable('services').set({ deleted_at: now, active: 0, updated_at: now }).where('id', '=', id).execute();
  await trx.deleteFrom('staff_services').where('service_id', '=', id).execute();
}
