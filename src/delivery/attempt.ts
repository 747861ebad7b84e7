import type { AttemptStatus } from '../db/tables.ts';
import type { ClaimedAttempt } from './sql/claim-due-attempts.ts';
import type { WebhookHealth } from './sql/webhook-health.ts';

/*
 * One attempt, stage by stage, one type per stage:
 *   claimed     ClaimedAttempt  sql/claim-due-attempts.ts  (leased, with all it needs to be sent)
 *   dispatched  Sent | NotSent  dispatch.ts                (what happened on the wire, or why nothing did)
 *   decided     Decided         lifecycle.ts decide()      (pure: the row, the next attempt, the webhook's health)
 *   recorded                    record.ts                  (one batch, one transaction: rows, retries, health)
 * Events, retries, manual redeliveries and pings all go through the same stages.
 */

/** The request went out, or was tried (a refused connection, a timeout): what came back. */
export interface Sent {
  readonly kind: 'sent';
  readonly attempt: ClaimedAttempt;
  readonly ok: boolean;
  readonly sentAt: number;
  readonly statusCode: number | null;
  readonly responseTimeMs: number;
  readonly errorMessage: string | null;
  readonly responseExcerpt: string | null;
  /** The receiver's Retry-After on 429 or 503, in ms. */
  readonly retryAfterMs?: number;
}

/** Nothing went out (webhook switched off, key revoked or expired): recorded, never counted, never retried. */
export interface NotSent {
  readonly kind: 'not-sent';
  readonly attempt: ClaimedAttempt;
  readonly reason: string;
}

export type Dispatched = Sent | NotSent;

/** What one dispatched attempt means for its row, its delivery and its webhook. */
export interface Decided {
  readonly dispatched: Dispatched;
  readonly status: Exclude<AttemptStatus, 'pending'>;
  readonly errorMessage: string | null;
  /** When the next attempt of the same delivery is due; absent when none follows. */
  readonly nextDueAt?: number;
  readonly health: WebhookHealth;
  /** The failure count or status changed (worth writing, and an updatedAt). */
  readonly healthChanged: boolean;
  /** The webhook was just switched off: cancel its scheduled attempts with this reason. */
  readonly cancelReason?: string;
}
