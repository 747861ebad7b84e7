import { createHash } from 'node:crypto';
import { configure } from 'safe-stable-stringify';
import type { Tx } from '../db/transaction.ts';
import { errors, AppError } from '../http/errors.ts';
import {
  deleteIdempotencyKeysBefore,
  findIdempotentResponse,
  lockIdempotencyKey,
  storeIdempotentResponse,
} from './idempotency.repository.ts';

const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_WINDOW_MS = 24 * 3600_000;

export interface StoredResponse {
  status: number;
  body: unknown;
  replayed: boolean;
}

/** Checks the Idempotency-Key header; undefined when absent. */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined || header === '') return undefined;
  if (!KEY_SHAPE.test(header)) {
    throw errors.validation('The Idempotency-Key header must be 1 to 255 printable characters without spaces.', 'Idempotency-Key');
  }
  return header;
}

/** Same request, same fingerprint: method, path and the body with its keys in a fixed order. */
export function fingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonical(body ?? null)}`)
    .digest('hex');
}

/** JSON with object keys sorted: the same body in any key order gives the same text. */
const canonical = configure({ deterministic: true, circularValue: Error, bigint: false });

/**
 * Runs `work` at most once per (key, Idempotency-Key) within 24 hours, in the caller's
 * transaction: a repeat with the same request gets the first response again; a repeat with
 * another request is refused (422). Only successes are kept, so a refused request may be retried.
 */
export async function once(
  trx: Tx,
  scope: { apiKeyId: number; key: string | undefined; fingerprint: string; now: number },
  work: () => Promise<{ status: number; body: unknown }>,
): Promise<StoredResponse> {
  if (scope.key === undefined) return { ...(await work()), replayed: false };
  await lockIdempotencyKey(trx, scope.apiKeyId, scope.key);
  const stored = await findIdempotentResponse(trx, scope.apiKeyId, scope.key, scope.now - IDEMPOTENCY_WINDOW_MS);
  if (stored) {
    if (stored.request_hash !== scope.fingerprint) {
      throw new AppError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was used for a different request in the last 24 hours. Use a new key for a new request.',
      );
    }
    return { status: stored.response_status, body: JSON.parse(stored.response_body), replayed: true };
  }
  const result = await work();
  await storeIdempotentResponse(
    trx,
    { apiKeyId: scope.apiKeyId, key: scope.key, requestHash: scope.fingerprint, status: result.status, body: JSON.stringify(result.body) },
    scope.now,
  );
  return { ...result, replayed: false };
}

/** Drops keys older than the window; run now and then. */
export async function forgetOldKeys(trx: Tx, now: number): Promise<void> {
  await deleteIdempotencyKeysBefore(trx, now - IDEMPOTENCY_WINDOW_MS);
}
