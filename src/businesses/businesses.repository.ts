import type { Insertable } from 'kysely';
import type { Db, Tx } from '../db/transaction.ts';
import type { BusinessRow, BusinessesTable } from '../db/tables.ts';

export async function insertBusiness(db: Db | Tx, row: Insertable<BusinessesTable>): Promise<number> {
  const { id } = await db.insertInto('businesses').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findBusiness(db: Db | Tx, id: number): Promise<BusinessRow | undefined> {
  return db.selectFrom('businesses').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listBusinesses(db: Db): Promise<BusinessRow[]> {
  return db.selectFrom('businesses').selectAll().orderBy('id').execute();
}
