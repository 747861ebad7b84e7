import { sql } from 'kysely';
import type { Db, Tx } from '../db/transaction.ts';

/**
 * Webhooks switched off after their failures, each with the last error of an attempt that went
 * out (attempts cancelled by the switch-off never did).
 */
function switchedOff(db: Db | Tx) {
  return db
    .selectFrom('webhooks as w')
    .innerJoin('api_keys as k', 'k.id', 'w.api_key_id')
    .select([
      'w.id',
      'w.target_url',
      'w.description',
      'w.disabled_reason',
      'w.disabled_at',
      'w.consecutive_failures',
      'k.name as key_name',
      (eb) =>
        eb
          .selectFrom('delivery_attempts as a')
          .select('a.error_message')
          .whereRef('a.webhook_id', '=', 'w.id')
          // The literal lets SQLite use the partial index of one webhook's finished attempts.
          .where('a.status', '!=', sql.lit('pending'))
          .where('a.status', 'in', ['failed', 'retrying'])
          .where('a.trigger', 'in', ['event', 'retry'])
          .where('a.sent_at', 'is not', null)
          .orderBy('a.updated_at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(1)
          .as('last_error'),
    ])
    .where('w.status', '=', 'failed');
}

/** The business's webhooks switched off after their failures that the salon has not chosen to leave so. */
export async function unseenSwitchedOff(db: Db | Tx, businessId: number) {
  return switchedOff(db)
    .where('w.business_id', '=', businessId)
    .where('w.switch_off_seen_at', 'is', null)
    .orderBy('w.disabled_at', 'desc')
    .orderBy('w.id')
    .execute();
}

/** One webhook switched off after its failures, with its business; undefined when it is not. */
export async function findSwitchedOff(db: Db | Tx, webhookId: number) {
  return switchedOff(db).select('w.business_id').where('w.id', '=', webhookId).executeTakeFirst();
}

export type SwitchedOffRow = Awaited<ReturnType<typeof unseenSwitchedOff>>[number];
