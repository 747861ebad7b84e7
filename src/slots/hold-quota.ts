import { toIso } from '../clock.ts';
import { lockNamed } from '../db/locks.ts';
import type { Tx } from '../db/transaction.ts';
import { errors } from '../http/errors.ts';
import { countLiveHolds, type HoldHolder } from './holds.repository.ts';

/** A cap on one holder's live holds: an API key's, or a booking page visitor's address's. */
export interface HoldQuota {
  holder: HoldHolder;
  /** Live holds allowed at once. */
  limit: number;
}

/** How a refusal names each kind of holder, and what it can do. */
const WORDS: Record<HoldHolder['kind'], { who: string; release: string }> = {
  key: {
    who: 'This API key',
    release: 'book one (POST /v1/integration/bookings with its holdId) or release one (DELETE /v1/integration/slots/holds/:id)',
  },
  address: { who: 'This connection', release: 'book one or release one' },
};

/** The lock a holder's count is taken under. */
function lockName(holder: HoldHolder): string {
  return holder.kind === 'key' ? `holds of key ${holder.apiKeyId}` : `holds of address ${holder.address}`;
}

/**
 * Refuses a new hold (409 hold_limit_reached) while a holder already has its limit of live
 * holds. Exact on any number of servers: each holder's lock is taken before its holds are counted
 * and kept until the new hold commits, so two requests never both take the last place. Call it
 * before the slot is claimed: holder locks come before the staff member's, in every transaction
 * that takes both.
 */
export async function assertRoomForHold(trx: Tx, quotas: readonly HoldQuota[], now: number): Promise<void> {
  for (const { holder, limit } of quotas) {
    const words = WORDS[holder.kind];
    await lockNamed(trx, lockName(holder));
    const { count, firstExpiry } = await countLiveHolds(trx, holder, now);
    if (count >= limit) {
      throw errors.holdLimitReached(
        `${words.who} already holds ${count} ${count === 1 ? 'slot' : 'slots'}, and may hold at most ${limit} at once. ` +
          `To hold another, ${words.release}, or wait until ${toIso(firstExpiry!)}, when the first expires.`,
      );
    }
  }
}
