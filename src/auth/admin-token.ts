import type { Config } from '../config.ts';
import { readSetting, writeSetting } from '../db/settings.repository.ts';
import type { Db } from '../db/transaction.ts';
import { digestsEqual, sha256Hex, type Ids } from '../ids.ts';

const SETTING = 'admin_token_sha256';

const storedHash = (db: Db) => readSetting(db, SETTING);
const storeHash = (db: Db, hash: string) => writeSetting(db, SETTING, hash);

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
