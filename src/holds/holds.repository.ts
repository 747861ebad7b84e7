import type { Insertable } from 'kysely';
import type { Db, Tx } from '../db/transaction.ts';
import type { SlotHoldRow, SlotHoldsTable } from '../db/tables.ts';

export async function insertHold(tx: Tx, row: Insertable<SlotHoldsTable>): Promise<number> {
  const { id } = await tx.insertInto('slot_holds').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** A hold of this key, expired or not; another key's hold is not found. */
export async function findHold(db: Db | Tx, apiKeyId: number, id: number): Promise<SlotHoldRow | undefined> {
  return db.selectFrom('slot_holds').selectAll().where('id', '=', id).where('api_key_id', '=', apiKeyId).executeTakeFirst();
}

export async function deleteHold(tx: Tx, id: number): Promise<void> {
  await tx.deleteFrom('slot_holds').where('id', '=', id).execute();
}

/** Holds that expired before `before`: they block nothing, and a day later nobody asks about them. */
export async function deleteExpiredHolds(tx: Tx, before: number): Promise<void> {
  await tx.deleteFrom('slot_holds').where('expires_at', '<', before).execute();
}
