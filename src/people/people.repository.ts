import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/transaction.ts';
import type { UserRow, UserSessionRow, UserSessionsTable, UsersTable } from '../db/tables.ts';

export async function insertUser(db: Db, row: Insertable<UsersTable>): Promise<number> {
  const { id } = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserByLink(db: Db, linkSha256: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('link_sha256', '=', linkSha256).executeTakeFirst();
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('id').execute();
}

/** Whether anyone can sign in with an account: a person who chose a password and is not switched off. */
export async function anyAccount(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('password_hash', 'is not', null)
    .where('switched_off_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countUsers(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Owners that can still sign in: the last one may not be demoted or switched off. */
export async function countActiveOwners(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'owner')
    .where('switched_off_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function updateUser(db: Db, id: number, changes: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Uses a one-time link: `changes` only while the account still has this link; whether it did. */
export async function spendLink(db: Db, id: number, linkSha256: string, changes: Updateable<UsersTable>): Promise<boolean> {
  const [result] = await db.updateTable('users').set(changes).where('id', '=', id).where('link_sha256', '=', linkSha256).execute();
  return Number(result?.numUpdatedRows ?? 0) > 0;
}

export async function insertSession(db: Db, row: Insertable<UserSessionsTable>): Promise<number> {
  const { id } = await db.insertInto('user_sessions').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** A session and its person, by the hash of the cookie's value (two small reads: the admin API is no hot path). */
export async function findSessionByHash(db: Db, tokenSha256: string): Promise<(UserSessionRow & { readonly user: UserRow }) | undefined> {
  const session = await db.selectFrom('user_sessions').selectAll().where('token_sha256', '=', tokenSha256).executeTakeFirst();
  const user = session && (await findUser(db, session.user_id));
  return session && user ? { ...session, user } : undefined;
}

export function listSessions(db: Db, userId: number, now: number): Promise<UserSessionRow[]> {
  return db
    .selectFrom('user_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .execute();
}

export async function touchSession(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('user_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function deleteSession(db: Db, id: number): Promise<void> {
  await db.deleteFrom('user_sessions').where('id', '=', id).execute();
}

/** Ends every session of a person (switched off, password changed, "end all sessions"); how many ended. */
export async function deleteSessionsOf(db: Db, userId: number, except?: number): Promise<number> {
  let query = db.deleteFrom('user_sessions').where('user_id', '=', userId);
  if (except !== undefined) query = query.where('id', '!=', except);
  const [result] = await query.execute();
  return Number(result?.numDeletedRows ?? 0);
}

/** Sessions past their absolute end or idle too long (the daily clean-up). */
export async function deleteExpiredSessions(db: Db, now: number, idleMs: number): Promise<void> {
  await db
    .deleteFrom('user_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - idleMs)]))
    .execute();
}

/** The business a staff member works at, or undefined when there is no such staff member. */
export async function businessOfStaff(db: Db, staffId: number): Promise<number | undefined> {
  const row = await db.selectFrom('staff').select('business_id').where('id', '=', staffId).executeTakeFirst();
  return row?.business_id;
}
