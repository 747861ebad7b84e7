import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Everything random the service makes. Injected so tests can make it predictable. */
export interface Ids {
  apiKey(): string;
  webhookSecret(): string;
  deliveryId(): string;
  requestId(): string;
  adminToken(): string;
}

export const API_KEY_PREFIX = 'bk_live_';
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const DELIVERY_ID_PREFIX = 'whdel_';

export const randomIds: Ids = {
  apiKey: () => API_KEY_PREFIX + randomBytes(32).toString('base64url'),
  // Standard Webhooks: whsec_ followed by base64 of the key bytes.
  webhookSecret: () => WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64'),
  deliveryId: () => DELIVERY_ID_PREFIX + randomBytes(16).toString('base64url'),
  requestId: () => 'req_' + randomBytes(12).toString('base64url'),
  adminToken: () => 'bk_admin_' + randomBytes(32).toString('base64url'),
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
