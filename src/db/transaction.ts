import type { Kysely, Transaction } from 'kysely';
import type { Tables } from './tables.ts';

export type Db = Kysely<Tables>;
export type Tx = Transaction<Tables>;

const afterCommitHooks = new WeakMap<Tx, Set<() => void>>();

/** Runs `work` in one transaction; hooks registered with `afterCommit` run once it has committed. */
export async function inTransaction<T>(db: Db, work: (trx: Tx) => Promise<T>): Promise<T> {
  const hooks = new Set<() => void>();
  const result = await db.transaction().execute((trx) => {
    afterCommitHooks.set(trx, hooks);
    return work(trx);
  });
  for (const hook of hooks) hook();
  return result;
}

/** Schedules `hook` for after the commit of `trx`; a rollback drops it. The same hook runs once. */
export function afterCommit(trx: Tx, hook: () => void): void {
  const hooks = afterCommitHooks.get(trx);
  if (!hooks) throw new Error('afterCommit() needs a transaction opened by inTransaction()');
  hooks.add(hook);
}
