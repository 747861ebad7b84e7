import type { ControlledTransaction, Kysely, Transaction } from 'kysely';
import type { Tables } from './tables.ts';

export type Db = Kysely<Tables>;
export type Tx = Transaction<Tables>;

interface Job {
  work: (trx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  hooks: Set<() => void>;
  outcome?: { ok: true; value: unknown } | { ok: false; error: unknown };
}

/** More than this many in one commit only delays the first of them. */
const MAX_BATCH = 64;

/**
 * Transactions are group-committed: those that arrive in the same turn of the event loop (or
 * while a commit is under way) are run together, one after another, each inside its own savepoint
 * (so a refused one rolls back alone), under one COMMIT. Every caller still returns only after the
 * commit holding its work is durable; what is shared is the fsync. The wait for company is one
 * turn of the event loop (setImmediate): requests whose bodies arrived in the same poll phase
 * join; nobody waits on a timer. Owned by the Database (database.ts), which is how code reaches it.
 */
export class GroupCommit {
  readonly #db: Db;
  /** Tells whether the engine still has a transaction open (SQLite may abort one itself, on SQLITE_FULL say). */
  readonly #stillOpen: () => boolean;
  readonly #queue: Job[] = [];
  readonly #hooks = new WeakMap<Tx, Set<() => void>>();
  #running = false;
  /** Where a bug of the group commit or of an afterCommit hook is reported (the hook's work is committed). */
  report: (error: unknown, what: string) => void = (error, what) => console.error(`${what}:`, error);

  constructor(db: Db, stillOpen: () => boolean) {
    this.#db = db;
    this.#stillOpen = stillOpen;
  }

  afterCommit(trx: Tx, hook: () => void): void {
    const hooks = this.#hooks.get(trx);
    if (!hooks) throw new Error('afterCommit() needs a transaction opened by Database.transaction()');
    hooks.add(hook);
  }

  run<T>(work: (trx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (v: unknown) => void, reject, hooks: new Set() });
      if (!this.#running) this.#drain().catch((error: unknown) => this.report(error, 'group commit failed'));
    });
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      // A transaction runs entirely in microtasks, so without a turn before each batch nothing
      // else could ever join: requests parsed in this poll phase get to queue before the batch is
      // taken. Before each batch, not just the first: a caller that queues its next transaction
      // as soon as the last one resolves would otherwise keep the loop in microtasks, and timers,
      // sockets and the delivery engine's wake-ups would starve until it stopped.
      do {
        await new Promise((resolve) => setImmediate(resolve));
        const jobs = this.#queue.splice(0, MAX_BATCH);
        if (jobs.length === 1) await this.#alone(jobs[0]!);
        else await this.#together(jobs);
      } while (this.#queue.length > 0);
    } finally {
      this.#running = false;
    }
  }

  async #alone(job: Job): Promise<void> {
    try {
      const value = await this.#db.transaction().execute((trx) => {
        this.#hooks.set(trx, job.hooks);
        return job.work(trx);
      });
      job.resolve(value);
    } catch (error) {
      job.reject(error);
      return;
    }
    this.#runHooks(job);
  }

  async #together(jobs: Job[]): Promise<void> {
    let trx: ControlledTransaction<Tables> | undefined;
    try {
      trx = await this.#db.startTransaction().execute();
      for (const [i, job] of jobs.entries()) {
        const name = `job${i}`;
        const savepoint = await trx.savepoint(name).execute();
        this.#hooks.set(savepoint, job.hooks);
        try {
          job.outcome = { ok: true, value: await job.work(savepoint) };
          await savepoint.releaseSavepoint(name).execute();
        } catch (error) {
          job.outcome = { ok: false, error };
          if (!this.#stillOpen()) throw error; // SQLite gave the whole transaction up
          await savepoint.rollbackToSavepoint(name).execute();
          await savepoint.releaseSavepoint(name).execute();
        }
      }
      await trx.commit().execute();
    } catch (error) {
      // Always: it also hands Kysely's connection back (the driver skips the SQL when SQLite has
      // already ended the transaction itself).
      if (trx)
        await trx
          .rollback()
          .execute()
          .catch(() => undefined);
      // Nothing of this batch was committed: work that had succeeded fails with the cause.
      for (const job of jobs) if (!job.outcome || job.outcome.ok) job.outcome = { ok: false, error };
    }
    for (const job of jobs) {
      const outcome = job.outcome!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    }
    for (const job of jobs) if (job.outcome!.ok) this.#runHooks(job);
  }

  /** Every hook runs, whatever an earlier one did: a throwing hook is a bug to report, not a reason to lose the others. */
  #runHooks(job: Job): void {
    for (const hook of job.hooks) {
      try {
        hook();
      } catch (error) {
        this.report(error, 'after-commit hook failed');
      }
    }
  }
}
