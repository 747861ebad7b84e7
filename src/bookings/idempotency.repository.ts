import { lockNamed } from '../db/locks.ts';
import type { Tx } from '../db/transaction.ts';

export interface IdempotentResponse {
  apiKeyId: number;
  key: string;
  requestHash: string;
  status: number;
  body: string;
}

/**
 * Holds (key, Idempotency-Key) until the caller's transaction ends, so a repeat sent to any
 * server at the same time waits and then finds the stored response.
 */
export async function lockIdempotencyKey(trx: Tx, apiKeyId: number, key: string): Promise<void> {
  await lockNamed(trx, `idempotency ${apiKeyId} ${key}`);
}

/** The response stored for (key, Idempotency-Key) since `since`. */
export async function findIdempotentResponse(trx: Tx, apiKeyId: number, key: string, since: number) {
  return trx
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('api_key_id', '=', apiKeyId)
    .where('key', '=', key)
    .where('created_at', '>', since)
    .executeTakeFirst();
}

/** Stores a response, replacing one that has left the window under the same key. */
export async function storeIdempotentResponse(trx: Tx, response: IdempotentResponse, now: number): Promise<void> {
  const values = { request_hash: response.requestHash, response_status: response.status, response_body: response.body, created_at: now };
  await trx
    .insertInto('idempotency_keys')
    .values({ api_key_id: response.apiKeyId, key: response.key, ...values })
    .onConflict((oc) => oc.columns(['api_key_id', 'key']).doUpdateSet(values))
    .execute();
}

export async function deleteIdempotencyKeysBefore(trx: Tx, cutoff: number): Promise<void> {
  await trx.deleteFrom('idempotency_keys').where('created_at', '<=', cutoff).execute();
}
