import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Everything random the service makes. Injected so tests can make it predictable. */
export interface Ids {
  apiKey(): string;
  webhookSecret(): string;
  deliveryId(): string;
  requestId(): string;
  adminToken(): string;
  /** Who answers at /.well-known/booking-api: random, and says nothing else. */
  installationId(): string;
}

export const API_KEY_PREFIX = 'bk_live_';
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const DELIVERY_ID_PREFIX = 'whdel_';

/**
 * Random bytes for identifiers, taken from a pool filled 4 KiB at a time: one system call per
 * couple of hundred delivery or request ids instead of one each. Secrets (keys, tokens, webhook
 * secrets) come straight from randomBytes.
 */
const pool = { bytes: Buffer.alloc(0), offset: 0 };
function pooled(size: number): Buffer {
  if (pool.offset + size > pool.bytes.length) {
    pool.bytes = randomBytes(4096);
    pool.offset = 0;
  }
  const slice = pool.bytes.subarray(pool.offset, pool.offset + size);
  pool.offset += size;
  return slice;
}

/**
 * 6 bytes of milliseconds then `random` random bytes, base64url: still opaque and unguessable, but
 * ids made at about the same time share their first characters, so inserting one lands beside the
 * last ones in its index instead of dirtying a random page (smaller commits).
 */
export function timeOrdered(random = 10): string {
  const bytes = Buffer.allocUnsafe(6 + random);
  // The machine's time, not the injected clock: this only orders index inserts, nobody reads it.
  bytes.writeUIntBE(Date.now(), 0, 6);
  pooled(random).copy(bytes, 6);
  return bytes.toString('base64url');
}

export const randomIds: Ids = {
  apiKey: () => API_KEY_PREFIX + randomBytes(32).toString('base64url'),
  // Standard Webhooks: whsec_ followed by base64 of the key bytes.
  webhookSecret: () => WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64'),
  deliveryId: () => DELIVERY_ID_PREFIX + timeOrdered(),
  // Every audit entry keeps its request's id, indexed (audit_entries_request): the same 16 characters as ever.
  requestId: () => `req_${timeOrdered(6)}`,
  adminToken: () => `bk_admin_${randomBytes(32).toString('base64url')}`,
  installationId: () => `inst_${randomBytes(16).toString('base64url')}`,
};

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Constant-time equality of two hex digests of the same algorithm. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
