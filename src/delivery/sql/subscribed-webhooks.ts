import type { Db, Tx } from '../../db/transaction.ts';

/** The business's active webhooks of active keys, with what they hear, and their key's scopes and expiry. */
export async function listSubscribedWebhooks(db: Db | Tx, businessId: number) {
  return db
    .selectFrom('webhooks as w')
    .innerJoin('api_keys as k', 'k.id', 'w.api_key_id')
    .select(['w.id', 'w.events', 'w.api_key_id', 'k.scopes', 'k.expires_at'])
    .where('w.business_id', '=', businessId)
    .where('w.status', '=', 'active')
    .where('k.status', '=', 'active')
    .orderBy('w.id')
    .execute();
}
