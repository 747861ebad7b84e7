import { claimSetting } from '../db/settings.repository.ts';
import type { Db } from '../db/transaction.ts';
import type { Ids } from '../ids.ts';

const SETTING = 'installation_id';

/**
 * This installation's id, made on its first start and kept in the database, so that every instance
 * on one PostgreSQL answers the same: whichever one the public address leads to, it is this salon's.
 */
export function installationIdOf(db: Db, ids: Ids): Promise<string> {
  return claimSetting(db, SETTING, ids.installationId());
}
