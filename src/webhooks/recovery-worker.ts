import { Cron } from 'croner';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { Tx } from '../db/transaction.ts';
import { insertAttempts } from '../delivery/sql/insert-attempt.ts';
import { lockWebhooks } from '../delivery/sql/lock-webhooks.ts';
import type { Logger } from '../log.ts';
import { RECOVER_CAP } from './recover.ts';
import { claimQueuedRecovery, nextFailedInWindow, type RecoveryRow, saveRecoveryProgress } from './recoveries.repository.ts';
import { findWebhook } from './webhooks.repository.ts';

/** Deliveries sent again per transaction: small enough not to hold the database long. */
export const RECOVERY_BATCH = 500;

export interface RecoveryWorkerOptions {
  database: Database;
  clock: Clock;
  logger: Logger;
  /** Told after a batch is queued, to send it at once. */
  onQueued: () => void;
}

/**
 * Works through queued recoveries (recover.ts) in the background: each pass is one transaction
 * that takes the oldest queued recovery, gives the next RECOVERY_BATCH of its deliveries a new
 * attempt due now, and records how far it got. A pass that does not commit leaves nothing behind,
 * so a recovery interrupted anywhere (a restart, a crash) goes on where its last batch ended and
 * sends nothing twice. On PostgreSQL the recovery is locked by the pass (SKIP LOCKED), so servers
 * sharing the database work on different ones. A tick every few seconds picks up recoveries
 * queued by another server or left by a previous run; wake() starts a new one at once.
 */
export class RecoveryWorker {
  readonly #o: RecoveryWorkerOptions;
  #tick: Cron | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopping = false;

  constructor(options: RecoveryWorkerOptions) {
    this.#o = options;
  }

  start(): void {
    this.#stopping = false;
    this.#tick = new Cron('*/5 * * * * *', { protect: true, unref: true }, () => this.wake());
    this.wake();
  }

  /** Works through what is queued soon; wakes while it runs make it look again when done. */
  wake(): void {
    if (this.#stopping) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#run().finally(() => {
      this.#running = undefined;
    });
  }

  /** Stops taking batches and waits for the one in hand; what is left goes on at the next start. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#tick?.stop();
    await this.#running;
  }

  async #run(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    do {
      this.#again = false;
      try {
        while (!this.#stopping && (await this.#o.database.transaction((trx) => this.#pass(trx)))) {
          // One batch per transaction; let requests in between.
          await new Promise((resolve) => setImmediate(resolve));
        }
      } catch (err) {
        this.#o.logger.warn({ err }, 'could not send failed deliveries again; trying again shortly');
        return;
      }
    } while (this.#again && !this.#stopping);
  }

  /** One batch of the oldest queued recovery; false when none is queued. */
  async #pass(trx: Tx): Promise<boolean> {
    const recovery = await claimQueuedRecovery(trx);
    if (!recovery) return false;
    const now = this.#o.clock.now();
    await lockWebhooks(trx, [recovery.webhook_id]);
    const webhook = await findWebhook(trx, recovery.webhook_id);
    // Switched off meanwhile: attempts now would not be sent. It ends with what it has sent.
    const room = webhook?.status === 'active' ? Math.min(RECOVERY_BATCH, Math.min(recovery.matched, RECOVER_CAP) - recovery.requeued) : 0;
    const batch = room > 0 ? await nextFailedInWindow(trx, windowOf(recovery), recovery.last_delivery_pk, room) : [];
    await insertAttempts(
      trx,
      batch.map(({ deliveryPk, lastAttemptNumber }) => ({
        deliveryPk,
        webhookId: recovery.webhook_id,
        attemptNumber: lastAttemptNumber + 1,
        trigger: 'manual' as const,
        dueAt: now,
      })),
      now,
    );
    const requeued = recovery.requeued + batch.length;
    const done = batch.length < room || room <= 0 || requeued >= Math.min(recovery.matched, RECOVER_CAP);
    await saveRecoveryProgress(trx, recovery.id, {
      requeued,
      lastDeliveryPk: batch.at(-1)?.deliveryPk ?? recovery.last_delivery_pk,
      finishedAt: done ? now : null,
    });
    if (batch.length > 0) this.#o.database.afterCommit(trx, this.#o.onQueued);
    if (done) this.#o.logger.info({ webhookId: recovery.webhook_id, recoveryId: recovery.id, requeued }, 'failed deliveries sent again');
    return true;
  }
}

function windowOf(recovery: RecoveryRow) {
  return { webhookId: recovery.webhook_id, since: recovery.since, until: recovery.until };
}
