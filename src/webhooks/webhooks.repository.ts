import { lockNamed } from '../db/locks.ts';
import type { Db, Tx } from '../db/transaction.ts';
import type { NewWebhook, WebhookRow, WebhookUpdate } from '../db/tables.ts';

export async function insertWebhook(db: Db | Tx, row: NewWebhook): Promise<number> {
  const { id } = await db.insertInto('webhooks').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Who may see a webhook: the API key that created it, or the salon (admin API) for its business. */
export type WebhookOwner = { apiKeyId: number } | { businessId: number };

/** The webhook, only when `owner` may see it: for anyone else it does not exist. */
export async function findOwnedWebhook(db: Db | Tx, id: number, owner: WebhookOwner): Promise<WebhookRow | undefined> {
  let query = db.selectFrom('webhooks').selectAll().where('id', '=', id);
  query = 'apiKeyId' in owner ? query.where('api_key_id', '=', owner.apiKeyId) : query.where('business_id', '=', owner.businessId);
  return query.executeTakeFirst();
}

export async function findWebhook(db: Db | Tx, id: number): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listOwnedWebhooks(db: Db, owner: WebhookOwner): Promise<WebhookRow[]> {
  let query = db.selectFrom('webhooks').selectAll();
  query = 'apiKeyId' in owner ? query.where('api_key_id', '=', owner.apiKeyId) : query.where('business_id', '=', owner.businessId);
  return query.orderBy('id').execute();
}

/**
 * The key's active webhooks, for the cap. In a transaction it first takes a lock on the key's
 * webhooks held until commit, so two creates racing on any servers are counted one after the other.
 */
export async function countActiveWebhooks(db: Db | Tx, apiKeyId: number): Promise<number> {
  if (db.isTransaction) await lockNamed(db as Tx, `webhooks of key ${apiKeyId}`);
  const { count } = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('api_key_id', '=', apiKeyId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function updateWebhook(db: Db | Tx, id: number, patch: WebhookUpdate): Promise<void> {
  await db.updateTable('webhooks').set(patch).where('id', '=', id).execute();
}

export async function deleteWebhook(db: Db | Tx, id: number): Promise<void> {
  await db.deleteFrom('webhooks').where('id', '=', id).execute();
}
