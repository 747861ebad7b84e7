import { Cron } from 'croner';
import { Batch } from '../batch.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../log.ts';
import type { Policy } from './lifecycle.ts';
import type { Decided, Dispatched } from './attempt.ts';
import { dispatch } from './dispatch.ts';
import { record, type SwitchOffListener } from './record.ts';
import type { Sender } from './sender.ts';
import { claimDueAttempts, type ClaimedAttempt, type WebhookShares } from './sql/claim-due-attempts.ts';
import { releaseAllLeases } from './sql/release-leases.ts';

/**
 * How long a claimed attempt stays owned: longer than any send, with room to record its result.
 * When it runs out, the attempt is due again for any worker: on PostgreSQL that is how the
 * attempts of an instance that died are sent by the others.
 */
export function leaseMsFor(config: { deliveryTimeoutMs: number; deliveryLeaseMarginMs: number }): number {
  return config.deliveryTimeoutMs + config.deliveryLeaseMarginMs;
}

export interface EngineOptions {
  database: Database;
  clock: Clock;
  logger: Logger;
  sender: Sender;
  policy: Policy;
  /** Attempts in flight at once. */
  concurrency: number;
  /** Attempts in flight at once for one webhook, so one slow receiver cannot take every slot. */
  perWebhook: number;
  /** How long a claimed attempt stays owned; longer than any send. */
  leaseMs: number;
  /**
   * Whether start() makes every leased attempt due again at once. Only when this server is the
   * only one on its database (`Database.exclusive`): otherwise other instances' leases are
   * theirs, and those of one that died expire.
   */
  releaseLeasesAtStart: boolean;
  /** How long stop() waits for sends in flight. */
  drainMs: number;
  /** Told of each webhook switched off after its failures, in the transaction that switches it off. */
  onSwitchedOff?: SwitchOffListener;
}

/**
 * The delivery queue's worker: claim → dispatch → record → reschedule (attempt.ts names the
 * stages). Each pass of the loop runs one transaction that records the attempts dispatched since
 * the last pass (record.ts: decide, write, reschedule) and claims due ones up to the free
 * capacity; claimed attempts are dispatched concurrently, and each result wakes the loop again.
 * Batching the writes of a pass into one commit, not a weaker sync mode, is what makes durable
 * delivery fast.
 * A Croner tick every second picks up retries that come due; wake() starts new events at once.
 */
export class DeliveryEngine {
  readonly #o: EngineOptions;
  readonly #inFlight = new Map<number, Promise<void>>();
  /** Per webhook: the attempts it has in flight. */
  readonly #sending = new Map<number, Set<number>>();
  /** Below this many free slots, wait for more to free up before claiming: fewer, bigger claims. */
  readonly #minClaim: number;
  /** Dispatched, waiting to be recorded: the batcher every result goes through. */
  readonly #finished = new Batch<Dispatched>();
  #tick: Cron | undefined;
  #scheduled = false;
  #pumping = false;
  #again = false;
  #stopping = false;
  /** Set by the tick and by stop(): record whatever has finished, however little. */
  #flush = false;
  /** Requests waiting for an attempt's record (a ping), by attempt id. */
  readonly #waiting = new Map<number, (decided: Decided | undefined) => void>();

  constructor(options: EngineOptions) {
    this.#o = options;
    this.#minClaim = Math.max(1, Math.min(16, Math.floor(options.concurrency / 4)));
  }

  /** Releases leases left by a previous process (it died mid-send) when it is the only worker, then starts the loop. */
  async start(): Promise<void> {
    if (this.#o.releaseLeasesAtStart) {
      const released = await releaseAllLeases(this.#o.database.db, this.#o.clock.now());
      if (released > 0) this.#o.logger.warn({ released }, 'resending attempts that were in flight when the last run ended');
    }
    this.#tick = new Cron('* * * * * *', { protect: true, unref: true }, () => {
      this.#flush = true;
      this.wake();
    });
    this.wake();
  }

  /** Runs a pass soon; many wakes before it runs coalesce into one. */
  wake(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      void this.#pump();
    });
  }

  /**
   * Dispatches an attempt the caller has claimed (a ping, claimed in the transaction that queued
   * it) ahead of the queue, and resolves with its record; undefined if it was not recorded within
   * `timeoutMs` (or its webhook was deleted meanwhile). A stopped engine sends nothing: the
   * attempt is recorded as not sent.
   */
  submit(attempt: ClaimedAttempt, timeoutMs: number): Promise<Decided | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(undefined), timeoutMs);
      const settle = (decided: Decided | undefined) => {
        clearTimeout(timer);
        this.#waiting.delete(attempt.attemptId);
        resolve(decided);
      };
      this.#waiting.set(attempt.attemptId, settle);
      if (this.#stopping) this.#done({ kind: 'not-sent', attempt, reason: 'not sent: deliveries are stopped on this server' });
      else this.#launch(attempt);
    });
  }

  get inFlight(): number {
    return this.#inFlight.size;
  }

  /** Stops claiming, waits (bounded) for sends in flight, records their results. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#tick?.stop();
    const drained = Promise.allSettled([...this.#inFlight.values()]);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([drained, new Promise((resolve) => (timer = setTimeout(resolve, this.#o.drainMs)))]);
    clearTimeout(timer);
    while (this.#pumping) await new Promise((resolve) => setImmediate(resolve));
    this.#flush = true;
    await this.#pump();
    if (this.#inFlight.size > 0) {
      this.#o.logger.warn({ inFlight: this.#inFlight.size }, 'stopped with attempts in flight; they are sent again on the next start');
    }
  }

  async #pump(): Promise<void> {
    if (this.#pumping) {
      this.#again = true;
      return;
    }
    this.#pumping = true;
    try {
      for (;;) {
        this.#again = false;
        const free = this.#stopping ? 0 : this.#o.concurrency - this.#inFlight.size;
        // Many sends in flight: they free slots soon, so claim in bigger batches.
        const capacity = free < this.#minClaim && this.#inFlight.size > 0 ? 0 : free;
        // Results wait in memory for company too (a crash before they are written only means a
        // resend): one commit records many. The tick, stop() and an idle engine flush them.
        const finished = this.#finished.size;
        const worthRecording = finished >= this.#minClaim || this.#inFlight.size === 0 || this.#flush;
        if (capacity <= 0 && !(finished > 0 && worthRecording)) break;
        this.#flush = false;
        const now = this.#o.clock.now();
        let pass: { batch: readonly Dispatched[]; recorded: Decided[]; claimed: ClaimedAttempt[] };
        try {
          // A pass that fails keeps its results for the next (a full disk, say, may have freed up).
          pass = await this.#finished.write(async (batch) => {
            const [recorded, claimed] = await this.#o.database.transaction(async (trx) => {
              const decided = batch.length > 0 ? await record(trx, batch, this.#o.policy, now, this.#o.onSwitchedOff) : [];
              return [decided, capacity > 0 ? await claimDueAttempts(trx, now, capacity, this.#o.leaseMs, this.#shares) : []] as const;
            });
            return { batch, recorded, claimed };
          });
        } catch (error) {
          this.#o.logger.error({ err: error }, 'delivery loop could not reach the database');
          break;
        }
        const { batch, recorded, claimed } = pass;
        for (const item of recorded) this.#log(item);
        if (this.#waiting.size > 0) this.#answer(batch, recorded);
        for (const attempt of claimed) this.#launch(attempt);
        if (!this.#again && this.#finished.size === 0 && claimed.length < capacity) break;
      }
    } finally {
      this.#pumping = false;
    }
  }

  #launch(attempt: ClaimedAttempt): void {
    const mine = this.#sending.get(attempt.webhookId) ?? new Set<number>();
    mine.add(attempt.attemptId);
    this.#sending.set(attempt.webhookId, mine);
    const sending = dispatch(attempt, this.#o.sender, () => this.#o.clock.now()).then((dispatched) => {
      this.#inFlight.delete(attempt.attemptId);
      mine.delete(attempt.attemptId);
      if (mine.size === 0) this.#sending.delete(attempt.webhookId);
      this.#done(dispatched);
    });
    this.#inFlight.set(attempt.attemptId, sending);
  }

  #done(dispatched: Dispatched): void {
    this.#finished.add(dispatched);
    // Someone waits for this one: record it now rather than with the next full batch.
    if (this.#waiting.has(dispatched.attempt.attemptId)) this.#flush = true;
    this.wake();
  }

  /** Tells the requests waiting for attempts of this batch how they were recorded. */
  #answer(batch: readonly Dispatched[], recorded: readonly Decided[]): void {
    const byAttempt = new Map(recorded.map((decided) => [decided.dispatched.attempt.attemptId, decided]));
    for (const { attempt } of batch) this.#waiting.get(attempt.attemptId)?.(byAttempt.get(attempt.attemptId));
  }

  /** How many sends each webhook has in flight, against its share. */
  get #shares(): WebhookShares {
    return { perWebhook: this.#o.perWebhook, inFlight: new Map([...this.#sending].map(([id, attempts]) => [id, attempts.size])) };
  }

  #log(decided: Decided): void {
    const { dispatched } = decided;
    const { attempt } = dispatched;
    const sent = dispatched.kind === 'sent';
    const entry = {
      deliveryId: attempt.deliveryId,
      webhookId: attempt.webhookId,
      event: attempt.event,
      attempt: attempt.attemptNumber,
      trigger: attempt.trigger,
      status: decided.status,
      statusCode: sent ? dispatched.statusCode : null,
      responseTimeMs: sent ? dispatched.responseTimeMs : 0,
      nextAttemptAt: decided.nextDueAt === undefined ? undefined : new Date(decided.nextDueAt).toISOString(),
      error: decided.errorMessage ?? undefined,
    };
    if (decided.status === 'success') this.#o.logger.info(entry, 'delivery attempt');
    else this.#o.logger.warn(entry, 'delivery attempt');
  }
}
