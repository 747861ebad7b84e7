import type { Config } from '../config.ts';
import type { Db } from '../db/transaction.ts';
import { digestsEqual, sha256Hex, type Ids } from '../ids.ts';

const SETTING = 'admin_token_sha256';

async function storedHash(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', SETTING).executeTakeFirst();
  return row?.value;
}

async function storeHash(db: Db, hash: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: SETTING, value: hash })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: hash }))
    .execute();
}

/**
 * Makes sure an admin token exists. With BOOKING_ADMIN_TOKEN set, that token is the one; otherwise
 * the first start generates one, stores only its hash and returns it so it can be shown once.
 */
export async function ensureAdminToken(db: Db, config: Config, ids: Ids): Promise<string | undefined> {
  if (config.adminToken !== undefined || (await storedHash(db)) !== undefined) return undefined;
  const token = ids.adminToken();
  await storeHash(db, sha256Hex(token));
  return token;
}

/** Replaces the stored admin token (for a salon that lost it); the old one stops working at once. */
export async function resetAdminToken(db: Db, ids: Ids): Promise<string> {
  const token = ids.adminToken();
  await storeHash(db, sha256Hex(token));
  return token;
}

/** Constant-time check of a presented token against the configured or stored one. */
export async function adminTokenMatches(db: Db, config: Config, presented: string): Promise<boolean> {
  const expected = config.adminToken !== undefined ? sha256Hex(config.adminToken) : await storedHash(db);
  return expected !== undefined && digestsEqual(expected, sha256Hex(presented));
}
