import type { Topic, Versions } from './database.ts';
import { prepared } from './prepared.ts';
import type { Tx } from './transaction.ts';

const allVersions = prepared<Record<string, never>, { topic: Topic; version: number }>(
  (qb) => qb.selectFrom('cache_versions').select(['topic', 'version']),
  'cache_versions',
);

/** Every topic's version as `trx` sees it (migration 0004's triggers bump them). */
export async function readCacheVersions(trx: Tx): Promise<Versions> {
  const { rows } = await allVersions(trx, {});
  return new Map(rows.map((row) => [row.topic, row.version]));
}
