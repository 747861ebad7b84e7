import type { Tx } from '../db/transaction.ts';
import { decide, type Policy } from './lifecycle.ts';
import type { Outcome } from './sender.ts';
import { cancelPendingAttempts } from './sql/cancel-pending-attempts.ts';
import type { ClaimedAttempt } from './sql/claim-due-attempts.ts';
import { finishAttempts, stillPending, type AttemptResult } from './sql/finish-attempt.ts';
import { insertAttempt } from './sql/insert-attempt.ts';
import { loadWebhookHealth, saveWebhookHealth } from './sql/webhook-health.ts';

export interface Finished {
  attempt: ClaimedAttempt;
  outcome: Outcome;
  /** Nothing went out (webhook switched off, key revoked): recorded, never counted. */
  notSent: boolean;
}

export interface Recorded extends Finished {
  status: 'success' | 'retrying' | 'failed';
  errorMessage: string | null;
  nextDueAt?: number;
  /** This result switched its webhook off. */
  switchedOff: boolean;
}

/**
 * Records a batch of finished attempts in the caller's transaction: each attempt's row, the next
 * attempt when one is due, and the health of each webhook, decided in the order they finished.
 * Attempts that are no longer pending (cancelled while in flight, or their webhook deleted) are
 * dropped. The attempt rows are written in one statement.
 */
export async function recordOutcomes(trx: Tx, finished: readonly Finished[], policy: Policy, now: number): Promise<Recorded[]> {
  const pending = await stillPending(trx, finished.map((f) => f.attempt.attemptId));
  const health = await loadWebhookHealth(trx, [...new Set(finished.map((f) => f.attempt.webhookId))]);
  const changed = new Map<number, boolean>();
  const results: Array<{ attemptId: number; result: AttemptResult }> = [];
  const recorded: Recorded[] = [];
  for (const item of finished) {
    const { attempt, outcome } = item;
    const current = health.get(attempt.webhookId);
    if (!current || !pending.has(attempt.attemptId)) continue;
    const decision = decide(attempt, outcome, current, policy, now, item.notSent);
    results.push({ attemptId: attempt.attemptId, result: decision.result });
    if (decision.nextDueAt !== undefined) {
      await insertAttempt(
        trx,
        {
          deliveryPk: attempt.deliveryPk,
          webhookId: attempt.webhookId,
          attemptNumber: attempt.attemptNumber + 1,
          trigger: 'retry',
          dueAt: decision.nextDueAt,
        },
        now,
      );
    }
    // Only unleased attempts are cancelled: this batch's own are still leased until written below.
    if (decision.cancelReason) await cancelPendingAttempts(trx, attempt.webhookId, decision.cancelReason, now);
    health.set(attempt.webhookId, decision.health);
    changed.set(attempt.webhookId, (changed.get(attempt.webhookId) ?? false) || decision.healthChanged);
    recorded.push({
      ...item,
      status: decision.result.status,
      errorMessage: decision.result.errorMessage,
      nextDueAt: decision.nextDueAt,
      switchedOff: decision.cancelReason !== undefined,
    });
  }
  await finishAttempts(trx, results, now);
  for (const [webhookId, countsChanged] of changed) {
    await saveWebhookHealth(trx, health.get(webhookId)!, countsChanged, now);
  }
  return recorded;
}
