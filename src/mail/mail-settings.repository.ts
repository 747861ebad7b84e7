import type { Db, Tx } from '../db/transaction.ts';
import type { MailSettingsRow } from '../db/tables.ts';

export async function findMailSettings(db: Db | Tx, businessId: number): Promise<MailSettingsRow | undefined> {
  return db.selectFrom('mail_settings').selectAll().where('business_id', '=', businessId).executeTakeFirst();
}

/** The business's own mail server, made or replaced. */
export async function saveMailSettings(trx: Tx, row: MailSettingsRow): Promise<void> {
  const { business_id: _id, created_at: _created, ...changes } = row;
  await trx
    .insertInto('mail_settings')
    .values(row)
    .onConflict((oc) => oc.column('business_id').doUpdateSet(changes))
    .execute();
}

export async function deleteMailSettings(trx: Tx, businessId: number): Promise<boolean> {
  const result = await trx.deleteFrom('mail_settings').where('business_id', '=', businessId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
