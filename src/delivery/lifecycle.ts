import type { Decided, Dispatched } from './attempt.ts';
import type { RetrySchedule } from './schedule.ts';
import type { WebhookHealth } from './sql/webhook-health.ts';

export interface Policy {
  schedule: RetrySchedule;
  failuresBeforeDisable: number;
}

/**
 * The attempt lifecycle of spec 3.3 and the webhook health of 3.2, as DESIGN.md decides them:
 * a failed attempt with attempts left is `retrying`; the last failure makes the delivery `failed`
 * and counts against the webhook; any success resets the count; at the threshold the webhook
 * becomes `failed` (the only way spec 3.2 names: a 410 Gone is a failure like any other). Pings never touch the count; a failed manual retry does
 * not add to it (its delivery already counted when it failed).
 */
export function decide(dispatched: Dispatched, health: WebhookHealth, policy: Policy, now: number): Decided {
  if (dispatched.kind === 'not-sent')
    return { dispatched, status: 'failed', errorMessage: dispatched.reason, health, healthChanged: false };
  const { attempt } = dispatched;
  const counts = attempt.trigger === 'event' || attempt.trigger === 'retry';
  const next: WebhookHealth = { ...health };
  if (attempt.trigger !== 'ping') next.lastTriggeredAt = dispatched.sentAt;

  if (dispatched.ok) {
    // Any success resets the count (DESIGN.md), a manual retry's too; pings never touch it.
    const healthChanged = attempt.trigger !== 'ping' && health.status === 'active' && health.consecutiveFailures !== 0;
    if (healthChanged) next.consecutiveFailures = 0;
    return { dispatched, status: 'success', errorMessage: null, health: next, healthChanged };
  }

  const failed = { dispatched, status: 'failed', errorMessage: dispatched.errorMessage, health: next, healthChanged: false } as const;
  const nextDueAt = counts ? policy.schedule.nextDueAt(attempt.attemptNumber, now, dispatched.retryAfterMs) : undefined;
  if (nextDueAt !== undefined) {
    if (health.status === 'active') return { ...failed, status: 'retrying', nextDueAt };
    return { ...failed, errorMessage: `${dispatched.errorMessage}; no retry: the webhook is switched off` };
  }

  if (!counts || health.status !== 'active') return failed;
  next.consecutiveFailures = health.consecutiveFailures + 1;
  if (next.consecutiveFailures < policy.failuresBeforeDisable) return { ...failed, healthChanged: true };
  const reason = next.consecutiveFailures === 1 ? '1 delivery failed' : `${next.consecutiveFailures} deliveries in a row failed`;
  return {
    ...failed,
    health: { ...next, status: 'failed', disabledReason: reason, disabledAt: now },
    healthChanged: true,
    cancelReason: `cancelled: webhook switched off after ${reason}`,
  };
}
