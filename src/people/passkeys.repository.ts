import type { Insertable } from 'kysely';
import type { Db } from '../db/transaction.ts';
import type { UserPasskeyRow, UserPasskeysTable } from '../db/tables.ts';

export async function insertPasskey(db: Db, row: Insertable<UserPasskeysTable>): Promise<number> {
  const { id } = await db.insertInto('user_passkeys').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function passkeysOf(db: Db, userId: number): Promise<UserPasskeyRow[]> {
  return db.selectFrom('user_passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export function findPasskeyByCredential(db: Db, credentialId: string): Promise<UserPasskeyRow | undefined> {
  return db.selectFrom('user_passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export async function passkeyUsed(db: Db, id: number, counter: number, at: number): Promise<void> {
  await db.updateTable('user_passkeys').set({ counter, last_used_at: at }).where('id', '=', id).execute();
}

/** Removes one of a person's passkeys; whether it was theirs. */
export async function deletePasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const [result] = await db.deleteFrom('user_passkeys').where('id', '=', id).where('user_id', '=', userId).execute();
  return Number(result?.numDeletedRows ?? 0) > 0;
}

/** Removes every passkey of a person (their sessions ended by the owner, a new password by link); how many. */
export async function deletePasskeysOf(db: Db, userId: number): Promise<number> {
  const [result] = await db.deleteFrom('user_passkeys').where('user_id', '=', userId).execute();
  return Number(result?.numDeletedRows ?? 0);
}
