import type { Dispatched } from './attempt.ts';
import { failure, type Sender } from './sender.ts';
import type { ClaimedAttempt } from './sql/claim-due-attempts.ts';

/**
 * The dispatch stage: sends a claimed attempt, or says why it must not go out. Never throws; a
 * send that fails on the way is recorded as an attempt without an answer.
 */
export async function dispatch(attempt: ClaimedAttempt, sender: Sender, now: () => number): Promise<Dispatched> {
  const reason = refusal(attempt, now());
  if (reason) return { kind: 'not-sent', attempt, reason };
  try {
    return await sender.send(attempt);
  } catch (error) {
    return failure(attempt, now(), 0, `could not send: ${(error as Error).message}`);
  }
}

function refusal(attempt: ClaimedAttempt, now: number): string | undefined {
  // A ping checks the receiver, which is what one does before switching a webhook back on.
  if (attempt.webhookStatus !== 'active' && attempt.trigger !== 'ping') return 'not sent: the webhook is switched off';
  if (attempt.keyStatus !== 'active') return 'not sent: the API key of this webhook was revoked';
  if (attempt.keyExpiresAt !== null && attempt.keyExpiresAt <= now) return 'not sent: the API key of this webhook has expired';
  return undefined;
}
