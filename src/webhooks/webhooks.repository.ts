import { sql } from 'kysely';
import { readOnlyValue } from '../db/backup.ts';
import { isPostgres } from '../db/dialect.ts';
import type { Db, Tx } from '../db/transaction.ts';
import type { NewWebhook, WebhookRow, WebhookUpdate } from '../db/tables.ts';

export async function insertWebhook(db: Db | Tx, row: NewWebhook): Promise<number> {
  const { id } = await db.insertInto('webhooks').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * Locks those of `ids` that still exist until the caller's transaction ends, in id order, and
 * returns them: deliveries and attempts written for them afterwards keep their foreign keys, since
 * a delete of one of them now waits for this transaction. On PostgreSQL a delete committed between
 * reading a webhook and writing its delivery broke deliveries_webhook_id_fkey (a 500). FOR NO KEY
 * UPDATE is what an attempt's insert takes anyway (its trigger counts it on the webhook's row).
 * SQLite runs one writer at a time: what the transaction read still stands.
 */
export async function lockWebhooks(trx: Tx, ids: readonly number[]): Promise<ReadonlySet<number>> {
  if (ids.length === 0 || !isPostgres(trx)) return new Set(ids);
  const rows = await trx.selectFrom('webhooks').select('id').where('id', 'in', ids).orderBy('id').forNoKeyUpdate().execute();
  return new Set(rows.map((row) => row.id));
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
 * The key's active webhooks, for the cap. In a transaction on PostgreSQL it first takes a lock on
 * the key's webhooks held until commit, so two creates racing on any servers are counted one
 * after the other (SQLite runs one write transaction at a time already).
 */
export async function countActiveWebhooks(db: Db | Tx, apiKeyId: number): Promise<number> {
  if (db.isTransaction && isPostgres(db)) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`webhooks of key ${apiKeyId}`}, 0))`.execute(db);
  }
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

/** Whether any webhook secret is stored sealed (starts with `prefix`). */
export async function anySealedSecret(db: Db, prefix: string): Promise<boolean> {
  const row = await db.selectFrom('webhooks').select('id').where('secret', 'like', `${prefix}%`).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Webhooks whose secret is still stored in clear (does not start with `sealedPrefix`). */
export async function plainSecrets(db: Db, sealedPrefix: string): Promise<Array<{ id: number; secret: string }>> {
  return db.selectFrom('webhooks').select(['id', 'secret']).where('secret', 'not like', `${sealedPrefix}%`).execute();
}

/** Replaces a clear secret by its sealed form, unless it changed meanwhile. */
export async function sealSecret(trx: Tx, id: number, plain: string, sealed: string): Promise<void> {
  await trx.updateTable('webhooks').set({ secret: sealed }).where('id', '=', id).where('secret', '=', plain).execute();
}

/** In a database file (a backup), the setting `keySetting` if some secret there starts with `prefix`. */
export function sealedSecretsKeyIdIn(file: string, keySetting: string, prefix: string): string | undefined {
  const value = readOnlyValue(
    file,
    "select value from settings where key = ? and exists (select 1 from webhooks where secret like ? || '%')",
    keySetting,
    prefix,
  );
  return typeof value === 'string' ? value : undefined;
}
