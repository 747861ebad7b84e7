import type { AttemptTrigger } from '../db/tables.ts';
import type { RetrySchedule } from './schedule.ts';
import type { Outcome } from './sender.ts';
import type { AttemptResult } from './sql/finish-attempt.ts';
import type { WebhookHealth } from './sql/webhook-health.ts';

export interface Policy {
  schedule: RetrySchedule;
  failuresBeforeDisable: number;
}

export interface AttemptFacts {
  attemptNumber: number;
  trigger: AttemptTrigger;
}

/** What one finished attempt means for its row, its delivery and its webhook. */
export interface Decision {
  result: AttemptResult;
  /** When the next attempt of the same delivery is due; absent when none follows. */
  nextDueAt?: number;
  health: WebhookHealth;
  /** The failure count or status changed (worth an updatedAt). */
  healthChanged: boolean;
  /** The webhook was just switched off: cancel its scheduled attempts with this reason. */
  cancelReason?: string;
}

/**
 * The attempt lifecycle of spec 3.3 and the webhook health of 3.2, as DESIGN.md decides them:
 * a failed attempt with attempts left is `retrying`; the last failure makes the delivery `failed`
 * and counts against the webhook; any success resets the count; at the threshold the webhook
 * becomes `failed` (the only way spec 3.2 names: a 410 Gone is a failure like any other). Pings never touch the count; a failed manual retry does
 * not add to it (its delivery already counted when it failed).
 */
export function decide(
  attempt: AttemptFacts,
  outcome: Outcome,
  health: WebhookHealth,
  policy: Policy,
  now: number,
  notSent = false,
): Decision {
  const counts = attempt.trigger === 'event' || attempt.trigger === 'retry';
  const next: WebhookHealth = { ...health };
  const base: AttemptResult = {
    status: 'failed',
    sentAt: notSent ? null : outcome.sentAt,
    responseStatusCode: outcome.statusCode,
    responseTimeMs: notSent ? null : outcome.responseTimeMs,
    errorMessage: outcome.errorMessage,
    responseExcerpt: outcome.responseExcerpt,
  };
  if (notSent) return { result: base, health: next, healthChanged: false };
  if (attempt.trigger !== 'ping') next.lastTriggeredAt = outcome.sentAt;

  if (outcome.ok) {
    // Any success resets the count (DESIGN.md), a manual retry's too; pings never touch it.
    const healthChanged = attempt.trigger !== 'ping' && health.status === 'active' && health.consecutiveFailures !== 0;
    if (healthChanged) next.consecutiveFailures = 0;
    return { result: { ...base, status: 'success', errorMessage: null }, health: next, healthChanged };
  }

  const nextDueAt = counts ? policy.schedule.nextDueAt(attempt.attemptNumber, now, outcome.retryAfterMs) : undefined;
  if (nextDueAt !== undefined) {
    if (health.status === 'active') return { result: { ...base, status: 'retrying' }, nextDueAt, health: next, healthChanged: false };
    return {
      result: { ...base, errorMessage: `${base.errorMessage}; no retry: the webhook is switched off` },
      health: next,
      healthChanged: false,
    };
  }

  if (!counts || health.status !== 'active') return { result: base, health: next, healthChanged: false };
  next.consecutiveFailures = health.consecutiveFailures + 1;
  if (next.consecutiveFailures < policy.failuresBeforeDisable) return { result: base, health: next, healthChanged: true };
  const reason = next.consecutiveFailures === 1 ? '1 delivery failed' : `${next.consecutiveFailures} deliveries in a row failed`;
  return {
    result: base,
    health: { ...next, status: 'failed', disabledReason: reason },
    healthChanged: true,
    cancelReason: `cancelled: webhook switched off after ${reason}`,
  };
}
