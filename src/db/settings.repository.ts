import type { Db } from './transaction.ts';

/** The `settings` table: a few named values of the whole installation. */
export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** Stores `value` unless the setting exists already; returns the value stored either way. */
export async function claimSetting(db: Db, key: string, value: string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await readSetting(db, key)) ?? value;
}

/** Answers when the database can be read; throws when it cannot. */
export async function probeDatabase(db: Db): Promise<void> {
  await db.selectFrom('settings').select('key').limit(1).execute();
}

export async function deleteSetting(db: Db, key: string): Promise<void> {
  await db.deleteFrom('settings').where('key', '=', key).execute();
}

/**
 * Moves the setting `key` forward to `value` unless it is there already or beyond (values compare
 * as text): true for the one caller that moved it. Servers sharing a database use it to agree on
 * who does a piece of work that is due once (a scheduled backup).
 */
export async function advanceSetting(db: Db, key: string, value: string): Promise<boolean> {
  await db
    .insertInto('settings')
    .values({ key, value: '' })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const result = await db.updateTable('settings').set({ value }).where('key', '=', key).where('value', '<', value).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
