import type { ControlledTransaction, Kysely, Transaction } from 'kysely';
import type { Tables } from './tables.ts';

export type Db = Kysely<Tables>;
export type Tx = Transaction<Tables>;

const afterCommitHooks = new WeakMap<Tx, Set<() => void>>();
const groups = new WeakMap<Db, GroupCommit>();
const inTransactionProbes = new WeakMap<Db, () => boolean>();
const failureReporters = new WeakMap<Db, (error: unknown, what: string) => void>();

/** Lets the group commit ask whether SQLite still has a transaction open (it may abort one itself, on SQLITE_FULL say). */
export function registerTransactionProbe(db: Db, probe: () => boolean): void {
  inTransactionProbes.set(db, probe);
}

/**
 * Where the group commit reports a bug of its own or of an afterCommit hook that throws (the
 * hook's work is committed; its caller still gets its answer). Console by default.
 */
export function reportGroupCommitFailuresTo(db: Db, report: (error: unknown, what: string) => void): void {
  failureReporters.set(db, report);
}

/**
 * Runs `work` in a transaction; hooks registered with `afterCommit` run once it has committed.
 *
 * Transactions are group-committed: those that arrive in the same turn of the event loop (or
 * while a commit is under way) are run together, one after another, each inside its own savepoint
 * (so a refused one rolls back alone), under one COMMIT. Every caller still returns only after the
 * commit holding its work is durable; what is shared is the fsync. The wait for company is one
 * turn of the event loop (setImmediate): requests whose bodies arrived in the same poll phase
 * join; nobody waits on a timer.
 * Do not call inTransaction from inside `work`: it would wait for its own batch.
 */
export async function inTransaction<T>(db: Db, work: (trx: Tx) => Promise<T>): Promise<T> {
  let group = groups.get(db);
  if (!group) {
    group = new GroupCommit(db);
    groups.set(db, group);
  }
  return group.run(work);
}

/** Schedules `hook` for after the commit of `trx`; a rollback drops it. The same hook runs once. */
export function afterCommit(trx: Tx, hook: () => void): void {
  const hooks = afterCommitHooks.get(trx);
  if (!hooks) throw new Error('afterCommit() needs a transaction opened by inTransaction()');
  hooks.add(hook);
}

interface Job {
  work: (trx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  hooks: Set<() => void>;
  outcome?: { ok: true; value: unknown } | { ok: false; error: unknown };
}

/** More than this many in one commit only delays the first of them. */
const MAX_BATCH = 64;

class GroupCommit {
  readonly #db: Db;
  readonly #queue: Job[] = [];
  #running = false;

  constructor(db: Db) {
    this.#db = db;
  }

  run<T>(work: (trx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (v: unknown) => void, reject, hooks: new Set() });
      if (!this.#running) this.#drain().catch((error: unknown) => this.#report(error, 'group commit failed'));
    });
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      // A transaction runs entirely in microtasks, so without this turn nothing else could ever
      // join: requests parsed in this poll phase get to queue before the batch is taken.
      await new Promise((resolve) => setImmediate(resolve));
      while (this.#queue.length > 0) {
        const jobs = this.#queue.splice(0, MAX_BATCH);
        if (jobs.length === 1) await this.#alone(jobs[0]!);
        else await this.#together(jobs);
      }
    } finally {
      this.#running = false;
    }
  }

  async #alone(job: Job): Promise<void> {
    try {
      const value = await this.#db.transaction().execute((trx) => {
        afterCommitHooks.set(trx, job.hooks);
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
        afterCommitHooks.set(savepoint, job.hooks);
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
      if (trx) await trx.rollback().execute().catch(() => undefined);
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
        this.#report(error, 'after-commit hook failed');
      }
    }
  }

  #report(error: unknown, what: string): void {
    const report = failureReporters.get(this.#db);
    if (report) report(error, what);
    else console.error(`${what}:`, error);
  }

  #stillOpen(): boolean {
    return inTransactionProbes.get(this.#db)?.() ?? true;
  }
}
