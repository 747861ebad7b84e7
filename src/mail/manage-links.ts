import { randomBytes } from 'node:crypto';
import { prepared } from '../db/prepared.ts';
import type { Db, Tx } from '../db/transaction.ts';
import { sha256Hex } from '../ids.ts';
import type { SecretBox } from '../secrets/secret-box.ts';

export const MANAGE_TOKEN_PREFIX = 'mng_';
/** 256 random bits, base64url, after the prefix: what a manage link's path carries. */
export const MANAGE_TOKEN = /^mng_[A-Za-z0-9_-]{43}$/;

const insertLink = prepared<{ businessId: number; bookingId: number; tokenHash: string; now: number }>((qb, p) =>
  qb.insertInto('manage_links').values({ business_id: p.businessId, booking_id: p.bookingId, token_hash: p.tokenHash, created_at: p.now }),
);

/**
 * A new link for a client to manage `bookingId`: 256 random bits, of which the database keeps only
 * the SHA-256 (as for API keys). The token itself goes into the message that carries the link,
 * sealed with the secrets key while the message waits in the queue, and is forgotten once it is sent.
 */
export async function issueManageLink(
  trx: Tx,
  box: SecretBox,
  link: { businessId: number; bookingId: number; now: number },
): Promise<{ sealed: string }> {
  const token = MANAGE_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  await insertLink(trx, { businessId: link.businessId, bookingId: link.bookingId, tokenHash: sha256Hex(token), now: link.now });
  return { sealed: box.seal(token) };
}

/** The booking a token manages, if it names one. */
export async function findManageLink(db: Db | Tx, token: string): Promise<{ businessId: number; bookingId: number } | undefined> {
  const row = await db
    .selectFrom('manage_links')
    .select(['business_id', 'booking_id'])
    .where('token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
  return row && { businessId: row.business_id, bookingId: row.booking_id };
}
