import { lockNamed, type LockPair } from '../db/locks.ts';
import { sql, type Insertable, type Updateable } from 'kysely';
import { findOrInsertClientByEmail as findOrInsertOnce, NEW_CLIENT_COLUMNS } from '../db/booking-statements.ts';
import { pick, prepared } from '../db/prepared.ts';
import type { Db, Tx } from '../db/transaction.ts';
import type { ClientRow, ClientsTable } from '../db/tables.ts';
import { foldText, nameKey, phoneKey, phoneQuery } from '../text/search-keys.ts';

export function normaliseEmail(email: string | null | undefined): string | null {
  return email ? email.trim().toLowerCase() : null;
}

export type NewClient = Required<Omit<Insertable<ClientsTable>, 'id'>>;
const CLIENT_COLUMNS = NEW_CLIENT_COLUMNS satisfies ReadonlyArray<keyof NewClient>;
const insertClientRow = prepared<NewClient, ClientRow>((qb, p) => qb.insertInto('clients').values(pick(p, CLIENT_COLUMNS)).returningAll());
const clientByEmail = prepared<{ businessId: number; email: string | null }, ClientRow>((qb, p) =>
  qb.selectFrom('clients').selectAll().where('business_id', '=', p.businessId).where('email_normalized', '=', p.email),
);

/**
 * Holds a client's identity (e-mail or phone) in a business until the caller's transaction ends,
 * so two bookings for a new client racing on any servers find-or-create one client, not two
 * (the second would break clients_email).
 */
export async function lockClientIdentity(trx: Tx, businessId: number, identity: string, first?: LockPair): Promise<void> {
  await lockNamed(trx, `client ${businessId} ${identity}`, first);
}

/** Inserts a client and returns the stored row. */
export async function insertClient(db: Db | Tx, row: NewClient): Promise<ClientRow> {
  const { rows } = await insertClientRow(db, row);
  return rows[0]!;
}

export async function findClient(db: Db | Tx, businessId: number, id: number): Promise<ClientRow | undefined> {
  return db.selectFrom('clients').selectAll().where('id', '=', id).where('business_id', '=', businessId).executeTakeFirst();
}

/**
 * A booking's client by e-mail: the one with `row`'s address, or `row` inserted; one statement on
 * PostgreSQL, a read and (for a new address) an insert on SQLite. The caller holds the identity's lock.
 */
export async function findOrInsertClientByEmail(trx: Tx, row: NewClient): Promise<{ row: ClientRow; inserted: boolean }> {
  const both = await findOrInsertOnce(trx, row);
  if (both) return both;
  const found = (await clientByEmail(trx, { businessId: row.business_id, email: row.email_normalized })).rows[0];
  return found ? { row: found, inserted: false } : { row: await insertClient(trx, row), inserted: true };
}

export async function findClientByEmail(db: Db | Tx, businessId: number, email: string): Promise<ClientRow | undefined> {
  const { rows } = await clientByEmail(db, { businessId, email: normaliseEmail(email) });
  return rows[0];
}

/** The country the business's national phone numbers are read in (null: none set). */
export async function phoneCountryOf(db: Db | Tx, businessId: number): Promise<string | null> {
  const row = await db.selectFrom('businesses').select('phone_country').where('id', '=', businessId).executeTakeFirst();
  return row?.phone_country ?? null;
}

/** The search keys a client's name and phone are kept with (src/text/search-keys.ts). */
export function searchKeys(name: string, phone: string | null, country: string | null) {
  return { search_name: nameKey(name), search_phone: phoneKey(phone, country) };
}

/** The clients with this phone however it is written (a family may share one), oldest first. */
export async function findClientsByPhone(db: Db | Tx, businessId: number, phone: string, country: string | null): Promise<ClientRow[]> {
  const key = phoneKey(phone, country);
  if (!key) return [];
  return db
    .selectFrom('clients')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('search_phone', '=', key)
    .orderBy('id')
    .limit(20)
    .execute();
}

/** `column` holds `part` anywhere (the keys are lower case already; the user's % and _ taken literally). */
function holds(column: string, part: string) {
  return sql<boolean>`${sql.ref(column)} like ${`%${part.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;
}

/**
 * The clients a desk's search finds (docs/decisions.md "Client search"): every word in the folded
 * name or the e-mail address, in any order; or, for a query that looks like a phone number, that
 * number (read in the salon's country) or a part of its digits.
 */
function clientQuery(db: Db, businessId: number, search: string | undefined, country: string | null) {
  const query = db.selectFrom('clients').where('business_id', '=', businessId);
  const words = foldText(search ?? '')
    .split(' ')
    .filter(Boolean);
  if (words.length === 0) return query;
  const phone = phoneQuery(search!.trim(), country);
  return query.where((eb) => {
    const byWords = eb.and(words.map((word) => eb.or([holds('search_name', word), holds('email_normalized', word)])));
    if (!phone) return byWords;
    const byPhone = [eb('search_phone', '=', phone.key), ...(phone.part ? [holds('search_phone', phone.part)] : [])];
    return eb.or([byWords, ...byPhone]);
  });
}

export async function pageClients(
  db: Db,
  businessId: number,
  offset: number,
  limit: number,
  search: string | undefined,
  country: string | null,
) {
  return clientQuery(db, businessId, search, country).selectAll().orderBy('name').orderBy('id').offset(offset).limit(limit).execute();
}

export async function countClients(db: Db, businessId: number, search: string | undefined, country: string | null): Promise<number> {
  const { count } = await clientQuery(db, businessId, search, country)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function updateClient(db: Db | Tx, id: number, patch: Updateable<ClientsTable>): Promise<void> {
  await db.updateTable('clients').set(patch).where('id', '=', id).execute();
}
