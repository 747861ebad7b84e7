import type { Tx } from './transaction.ts';

/**
 * Work to do once a transaction has committed (wake the delivery engine, fill a cache): hooks
 * are registered per transaction and run in order after its commit; a rollback drops them. The
 * same for both engines; each engine says when its transactions start and commit.
 */
export class AfterCommit {
  readonly #hooks = new WeakMap<Tx, Set<() => void>>();
  /** Where a throwing hook is reported (its transaction is committed; the others still run). Console by default. */
  report: (error: unknown, what: string) => void = (error, what) => console.error(`${what}:`, error);

  /** A transaction starts: its hooks, empty for now. */
  open(trx: Tx): Set<() => void> {
    const hooks = new Set<() => void>();
    this.#hooks.set(trx, hooks);
    return hooks;
  }

  /** A hook for after `trx`'s commit; the same hook runs once. */
  add(trx: Tx, hook: () => void): void {
    const hooks = this.#hooks.get(trx);
    if (!hooks) throw new Error('afterCommit() needs a transaction opened by Database.transaction()');
    hooks.add(hook);
  }

  /** The transaction committed: every hook runs, whatever an earlier one did. */
  run(hooks: ReadonlySet<() => void>): void {
    for (const hook of hooks) {
      try {
        hook();
      } catch (error) {
        this.report(error, 'after-commit hook failed');
      }
    }
  }
}
