import { readOnlyValue } from '../db/sqlite/backup.ts';
import type { Db, Tx } from '../db/transaction.ts';

// The webhooks' secret column as the secret box sees it: sealed or not, never what a secret is for.

/** Whether any webhook secret is stored sealed (starts with `prefix`). */
export async function anySealedSecret(db: Db, prefix: string): Promise<boolean> {
  const row = await db.selectFrom('webhooks').select('id').where('secret', 'like', `${prefix}%`).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Webhooks whose secret is still stored in clear (does not start with `sealedPrefix`). */
export async function plainSecrets(db: Db, sealedPrefix: string): Promise<Array<{ id: number; secret: string }>> {
  return db.selectFrom('webhooks').select(['id', 'secret']).where('secret', 'not like', `${sealedPrefix}%`).execute();
}

/** Replaces a clear secret by its sealed form, unless it changed meanwhile. */
export async function sealSecret(trx: Tx, id: number, plain: string, sealed: string): Promise<void> {
  await trx.updateTable('webhooks').set({ secret: sealed }).where('id', '=', id).where('secret', '=', plain).execute();
}

/** In a database file (a backup), the setting `keySetting` if some secret there starts with `prefix`. */
export function sealedSecretsKeyIdIn(file: string, keySetting: string, prefix: string): string | undefined {
  const value = readOnlyValue(
    file,
    "select value from settings where key = ? and exists (select 1 from webhooks where secret like ? || '%')",
    keySetting,
    prefix,
  );
  return typeof value === 'string' ? value : undefined;
}
