import type { Tx } from '../db/transaction.ts';
import type { Decided, Dispatched } from './attempt.ts';
import { decide, type Policy } from './lifecycle.ts';
import { cancelPendingAttempts } from './sql/cancel-pending-attempts.ts';
import { finishAttempts, finishBatch, readForRecord } from './sql/finish-attempt.ts';
import { insertAttempt } from './sql/insert-attempt.ts';
import { saveWebhookHealth } from './sql/webhook-health.ts';

/**
 * Told, in the recording transaction, of each webhook the batch has just switched off: what it
 * writes (the owner's e-mail on the mail queue) commits with the switch-off or not at all.
 */
export type SwitchOffListener = (trx: Tx, webhookId: number, at: number) => Promise<void>;

/**
 * Records a batch of dispatched attempts in the caller's transaction: decides each (in the order
 * they finished, each webhook's health carried from one to the next), writes the attempt rows in
 * one statement, reschedules, and saves each webhook's health. On PostgreSQL that is two round
 * trips for the whole batch (read and lock, then write), more only when a webhook's failure count
 * or status changed. Attempts that are no longer
 * pending (cancelled while in flight, or their webhook deleted) are dropped.
 */
export async function record(
  trx: Tx,
  batch: readonly Dispatched[],
  policy: Policy,
  now: number,
  onSwitchedOff?: SwitchOffListener,
): Promise<Decided[]> {
  const { pending, health } = await readForRecord(
    trx,
    [...new Set(batch.map((d) => d.attempt.webhookId))],
    batch.map((d) => d.attempt.attemptId),
  );
  const changed = new Map<number, boolean>();
  const decided: Decided[] = [];
  for (const dispatched of batch) {
    const { webhookId, attemptId } = dispatched.attempt;
    const current = health.get(webhookId);
    if (!current || !pending.has(attemptId)) continue;
    const decision = decide(dispatched, current, policy, now);
    decided.push(decision);
    health.set(webhookId, decision.health);
    changed.set(webhookId, (changed.get(webhookId) ?? false) || decision.healthChanged);
  }
  // In id order: two servers recording attempts of the same webhooks lock their rows in the same order.
  const webhooks = [...changed].sort(([a], [b]) => a - b);
  // The results, their retries and the last-triggered times in one statement where the engine
  // takes one (src/db/queue.ts); a status or count that changed is written on its own below, as
  // the statement the caches' freshness recognises.
  const together = await finishBatch(
    trx,
    decided,
    webhooks.filter(([, countsChanged]) => !countsChanged).map(([id]) => [id, health.get(id)!.lastTriggeredAt] as const),
    now,
  );
  if (!together) {
    await finishAttempts(trx, decided, now);
    await scheduleRetries(trx, decided, now);
  }
  // Attempts in flight elsewhere (a lease not run out) are left: this batch's own were finished above.
  for (const { dispatched, cancelReason } of decided) {
    if (cancelReason) await cancelPendingAttempts(trx, dispatched.attempt.webhookId, cancelReason, now);
  }
  for (const [webhookId, countsChanged] of webhooks) {
    if (countsChanged || !together) await saveWebhookHealth(trx, health.get(webhookId)!, countsChanged, now);
  }
  // A webhook is switched off once in a batch: after that its status is no longer active.
  if (onSwitchedOff) {
    for (const { dispatched } of decided.filter((d) => d.cancelReason)) await onSwitchedOff(trx, dispatched.attempt.webhookId, now);
  }
  return decided;
}

/** The next attempt where one is due. */
async function scheduleRetries(trx: Tx, decided: readonly Decided[], now: number): Promise<void> {
  for (const { dispatched, nextDueAt } of decided) {
    if (nextDueAt === undefined) continue;
    const { attempt } = dispatched;
    await insertAttempt(
      trx,
      {
        deliveryPk: attempt.deliveryPk,
        webhookId: attempt.webhookId,
        attemptNumber: attempt.attemptNumber + 1,
        trigger: 'retry',
        dueAt: nextDueAt,
      },
      now,
    );
  }
}
