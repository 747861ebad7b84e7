import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { WEBHOOK_SECRET_PREFIX } from '../ids.ts';

interface SigningKeys {
  spec: KeyObject;
  standard: KeyObject;
}

/** Key objects per secret: deriving them is a large part of signing, and secrets rarely change. */
const keyCache = new LRUCache<string, SigningKeys>({ max: 1000 });

function keysOf(secret: string): SigningKeys {
  let keys = keyCache.get(secret);
  if (!keys) {
    keys = {
      spec: createSecretKey(Buffer.from(secret, 'utf8')),
      standard: createSecretKey(Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64')),
    };
    keyCache.set(secret, keys);
  }
  return keys;
}

/**
 * Spec 5: `sha256=` + lowercase hex HMAC-SHA256 of the body. The key is the whole secret string
 * as UTF-8, which is what a receiver naturally does with the secret it was given.
 */
export function specSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', keysOf(secret).spec).update(body, 'utf8').digest('hex')}`;
}

/**
 * Standard Webhooks: `v1,` + base64 HMAC-SHA256 of "id.timestamp.body", keyed with the bytes
 * the secret encodes after `whsec_`, so the reference libraries verify with the same secret.
 */
export function standardSignature(secret: string, deliveryId: string, unixSeconds: number, body: string): string {
  const digest = createHmac('sha256', keysOf(secret).standard).update(`${deliveryId}.${unixSeconds}.${body}`, 'utf8').digest('base64');
  return `v1,${digest}`;
}

/**
 * The headers of one attempt, signed at send time: `webhook-signature` by the webhook's current
 * secret and by each previous secret still in its grace period (a rotation's), space-separated as
 * Standard Webhooks provides for; `X-Webhook-Signature`, which holds one signature, by the oldest
 * of them still valid, so a receiver that checks only it goes on verifying with the secret it has
 * until the grace period ends (docs/webhooks.md). `custom` (the webhook's own headers) come first;
 * they can never be one of these (custom-headers.ts refuses their names).
 */
export function deliveryHeaders(args: {
  secret: string;
  /** Oldest first; only those still valid when sent. */
  previousSecrets?: readonly string[];
  custom?: Readonly<Record<string, string>>;
  deliveryId: string;
  event: string;
  body: string;
  sentAt: number;
  userAgent: string;
}): Record<string, string> {
  const unixSeconds = Math.floor(args.sentAt / 1000);
  const previous = args.previousSecrets ?? [];
  let standard = standardSignature(args.secret, args.deliveryId, unixSeconds, args.body);
  for (const secret of previous) standard += ` ${standardSignature(secret, args.deliveryId, unixSeconds, args.body)}`;
  return {
    ...args.custom,
    'content-type': 'application/json',
    'user-agent': args.userAgent,
    'x-webhook-event': args.event,
    'x-webhook-delivery': args.deliveryId,
    'x-webhook-signature': specSignature(previous[0] ?? args.secret, args.body),
    'x-webhook-timestamp': new Date(args.sentAt).toISOString(),
    'webhook-id': args.deliveryId,
    'webhook-timestamp': String(unixSeconds),
    'webhook-signature': standard,
  };
}
