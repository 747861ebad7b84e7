import { readOnlyValue } from '../db/sqlite/backup.ts';
import type { Db, Tx } from '../db/transaction.ts';

// The columns the secret box seals (webhook secrets, mail server passwords, manage tokens waiting
// in the mail queue) as it sees them: sealed or not, never what a secret is for.

/** Whether any secret is stored sealed (starts with `prefix`). */
export async function anySealedSecret(db: Db, prefix: string): Promise<boolean> {
  const like = `${prefix}%`;
  const found = await Promise.all([
    db.selectFrom('webhooks').select('id').where('secret', 'like', like).limit(1).executeTakeFirst(),
    db.selectFrom('mail_settings').select('business_id').where('password', 'like', like).limit(1).executeTakeFirst(),
    db.selectFrom('mail_messages').select('id').where('manage_token', 'like', like).limit(1).executeTakeFirst(),
  ]);
  return found.some((row) => row !== undefined);
}

/** Webhooks whose secret is still stored in clear (does not start with `sealedPrefix`). */
export async function plainSecrets(db: Db, sealedPrefix: string): Promise<Array<{ id: number; secret: string }>> {
  return db.selectFrom('webhooks').select(['id', 'secret']).where('secret', 'not like', `${sealedPrefix}%`).execute();
}

/** Replaces a clear secret by its sealed form, unless it changed meanwhile. */
export async function sealSecret(trx: Tx, id: number, plain: string, sealed: string): Promise<void> {
  await trx.updateTable('webhooks').set({ secret: sealed }).where('id', '=', id).where('secret', '=', plain).execute();
}

/** Where secrets are sealed, by table: a backup from before 0015 has only the first. */
const SEALED_COLUMNS: ReadonlyArray<[table: string, column: string]> = [
  ['webhooks', 'secret'],
  ['mail_settings', 'password'],
  ['mail_messages', 'manage_token'],
];

/** In a database file (a backup), the setting `keySetting` if some secret there starts with `prefix`. */
export function sealedSecretsKeyIdIn(file: string, keySetting: string, prefix: string): string | undefined {
  const tables = String(readOnlyValue(file, "select group_concat(name, ' ') from sqlite_master where type = 'table'") ?? '').split(' ');
  const sealed = SEALED_COLUMNS.filter(([table]) => tables.includes(table)).map(
    ([table, column]) => `exists (select 1 from ${table} where ${column} like ? || '%')`,
  );
  if (sealed.length === 0) return undefined;
  const value = readOnlyValue(
    file,
    `select value from settings where key = ? and (${sealed.join(' or ')})`,
    keySetting,
    ...sealed.map(() => prefix),
  );
  return typeof value === 'string' ? value : undefined;
}
