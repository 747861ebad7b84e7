import type { ControlledTransaction } from 'kysely';
import { Batch } from '../../batch.ts';
import type { AfterCommit } from '../after-commit.ts';
import type { Tables } from '../tables.ts';
import type { Db, Tx } from '../transaction.ts';

interface Job {
  work: (trx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  hooks?: Set<() => void>;
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
 * join; nobody waits on a timer. SQLite's Database (connection.ts) runs every transaction through it.
 */
export class GroupCommit {
  readonly #db: Db;
  /** Tells whether the engine still has a transaction open (SQLite may abort one itself, on SQLITE_FULL say). */
  readonly #stillOpen: () => boolean;
  /** The after-commit hooks of each transaction; also where a bug of the group commit is reported. */
  readonly #hooks: AfterCommit;
  readonly #queue = new Batch<Job>({ max: MAX_BATCH });
  #running = false;

  constructor(db: Db, stillOpen: () => boolean, hooks: AfterCommit) {
    this.#db = db;
    this.#stillOpen = stillOpen;
    this.#hooks = hooks;
  }

  run<T>(work: (trx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.add({ work, resolve: resolve as (v: unknown) => void, reject });
      if (!this.#running) this.#drain().catch((error: unknown) => this.#hooks.report(error, 'group commit failed'));
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
        // Each job is answered by itself: the write never fails as a whole.
        await this.#queue.write((jobs) => (jobs.length === 1 ? this.#alone(jobs[0]!) : this.#together(jobs)));
      } while (this.#queue.size > 0);
    } finally {
      this.#running = false;
    }
  }

  async #alone(job: Job): Promise<void> {
    try {
      const value = await this.#db.transaction().execute((trx) => {
        job.hooks = this.#hooks.open(trx);
        return job.work(trx);
      });
      job.resolve(value);
    } catch (error) {
      job.reject(error);
      return;
    }
    this.#runHooks(job);
  }

  async #together(jobs: readonly Job[]): Promise<void> {
    let trx: ControlledTransaction<Tables> | undefined;
    try {
      trx = await this.#db.startTransaction().execute();
      for (const [i, job] of jobs.entries()) {
        const name = `job${i}`;
        const savepoint = await trx.savepoint(name).execute();
        job.hooks = this.#hooks.open(savepoint);
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

  #runHooks(job: Job): void {
    if (job.hooks) this.#hooks.run(job.hooks);
  }
}
