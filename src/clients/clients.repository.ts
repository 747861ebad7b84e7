import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Tx } from '../db/transaction.ts';
import type { ClientRow, ClientsTable } from '../db/tables.ts';

export function normaliseEmail(email: string | null | undefined): string | null {
  return email ? email.trim().toLowerCase() : null;
}

export async function insertClient(db: Db | Tx, row: Insertable<ClientsTable>): Promise<number> {
  const { id } = await db.insertInto('clients').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findClient(db: Db | Tx, businessId: number, id: number): Promise<ClientRow | undefined> {
  return db.selectFrom('clients').selectAll().where('id', '=', id).where('business_id', '=', businessId).executeTakeFirst();
}

export async function findClientByEmail(db: Db | Tx, businessId: number, email: string): Promise<ClientRow | undefined> {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('email_normalized', '=', normaliseEmail(email))
    .executeTakeFirst();
}

export async function findClientByPhone(db: Db | Tx, businessId: number, phone: string): Promise<ClientRow | undefined> {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('phone', '=', phone)
    .orderBy('id')
    .executeTakeFirst();
}

function clientQuery(db: Db, businessId: number, search?: string) {
  let query = db.selectFrom('clients').where('business_id', '=', businessId);
  if (search) {
    // LIKE with the user's % and _ taken literally.
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = (column: string, value: string) => sql<boolean>`${sql.ref(column)} like ${value} escape '\\'`;
    query = query.where((eb) =>
      eb.or([like('name', pattern), like('email_normalized', pattern.toLowerCase()), like('phone', pattern)]),
    );
  }
  return query;
}

export async function pageClients(db: Db, businessId: number, offset: number, limit: number, search?: string) {
  return clientQuery(db, businessId, search).selectAll().orderBy('name').orderBy('id').offset(offset).limit(limit).execute();
}

export async function countClients(db: Db, businessId: number, search?: string): Promise<number> {
  const { count } = await clientQuery(db, businessId, search)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function updateClient(db: Db | Tx, id: number, patch: Updateable<ClientsTable>): Promise<void> {
  await db.updateTable('clients').set(patch).where('id', '=', id).execute();
}
