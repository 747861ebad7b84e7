import type { Db, Tx } from '../db/transaction.ts';
import type { NewWebhook, WebhookRow, WebhookUpdate } from '../db/tables.ts';

export async function insertWebhook(db: Db | Tx, row: NewWebhook): Promise<number> {
  const { id } = await db.insertInto('webhooks').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The webhook, only when it belongs to `apiKeyId`: other keys' webhooks do not exist for it. */
export async function findWebhookOfKey(db: Db | Tx, id: number, apiKeyId: number): Promise<WebhookRow | undefined> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('id', '=', id)
    .where('api_key_id', '=', apiKeyId)
    .executeTakeFirst();
}

export async function findWebhook(db: Db | Tx, id: number): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listWebhooksOfKey(db: Db, apiKeyId: number): Promise<WebhookRow[]> {
  return db.selectFrom('webhooks').selectAll().where('api_key_id', '=', apiKeyId).orderBy('id').execute();
}

export async function countActiveWebhooks(db: Db | Tx, apiKeyId: number): Promise<number> {
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
