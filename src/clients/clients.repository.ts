import { caseInsensitiveLike } from '../db/dialect.ts';
import { lockNamed } from '../db/locks.ts';
import { sql, type Insertable, type Updateable } from 'kysely';
import { pick, prepared } from '../db/prepared.ts';
import type { Db, Tx } from '../db/transaction.ts';
import type { ClientRow, ClientsTable } from '../db/tables.ts';

export function normaliseEmail(email: string | null | undefined): string | null {
  return email ? email.trim().toLowerCase() : null;
}

type NewClient = Required<Omit<Insertable<ClientsTable>, 'id'>>;
const CLIENT_COLUMNS = [
  'business_id',
  'name',
  'email',
  'email_normalized',
  'phone',
  'notes',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof NewClient>;
const insertClientRow = prepared<NewClient, ClientRow>((qb, p) => qb.insertInto('clients').values(pick(p, CLIENT_COLUMNS)).returningAll());
const clientByEmail = prepared<{ businessId: number; email: string | null }, ClientRow>((qb, p) =>
  qb.selectFrom('clients').selectAll().where('business_id', '=', p.businessId).where('email_normalized', '=', p.email),
);

/**
 * Holds a client's identity (e-mail or phone) in a business until the caller's transaction ends,
 * so two bookings for a new client racing on any servers find-or-create one client, not two
 * (the second would break clients_email).
 */
export async function lockClientIdentity(trx: Tx, businessId: number, identity: string): Promise<void> {
  await lockNamed(trx, `client ${businessId} ${identity}`);
}

/** Inserts a client and returns the stored row. */
export async function insertClient(db: Db | Tx, row: NewClient): Promise<ClientRow> {
  const { rows } = await insertClientRow(db, row);
  return rows[0]!;
}

export async function findClient(db: Db | Tx, businessId: number, id: number): Promise<ClientRow | undefined> {
  return db.selectFrom('clients').selectAll().where('id', '=', id).where('business_id', '=', businessId).executeTakeFirst();
}

export async function findClientByEmail(db: Db | Tx, businessId: number, email: string): Promise<ClientRow | undefined> {
  const { rows } = await clientByEmail(db, { businessId, email: normaliseEmail(email) });
  return rows[0];
}

/** The clients with this phone (a family may share one), oldest first. */
export async function findClientsByPhone(db: Db | Tx, businessId: number, phone: string): Promise<ClientRow[]> {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('phone', '=', phone)
    .orderBy('id')
    .limit(20)
    .execute();
}

function clientQuery(db: Db, businessId: number, search?: string) {
  let query = db.selectFrom('clients').where('business_id', '=', businessId);
  if (search) {
    // LIKE with the user's % and _ taken literally.
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const operator = caseInsensitiveLike(db);
    const like = (column: string, value: string) => sql<boolean>`${sql.ref(column)} ${operator} ${value} escape '\\'`;
    query = query.where((eb) => eb.or([like('name', pattern), like('email_normalized', pattern.toLowerCase()), like('phone', pattern)]));
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
