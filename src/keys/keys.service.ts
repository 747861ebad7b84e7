import { auditEntriesOf } from '../audit/audit.repository.ts';
import { recordAudit, recorded } from '../audit/record.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/transaction.ts';
import { findBusiness } from '../businesses/businesses.repository.ts';
import { errors } from '../http/errors.ts';
import { sha256Hex, type Ids } from '../ids.ts';
import { fromKeyRow, toKeyJson, type KeyJson } from '../auth/api-key.ts';
import { findKeyById, insertKey, listKeys, replaceKeyHash, revokeKey } from '../auth/keys.repository.ts';
import { normaliseOriginPattern, wildcardTooWide } from '../auth/origins.ts';
import type apiKeyCreateSchema from '../../schema/api-key-create.ts';
import type { Valid } from '../http/validate.ts';

export interface KeysDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
}

export type KeyCreateInput = Valid<typeof apiKeyCreateSchema>;

/** A key with its value: the only moment the value exists outside the caller's hands. */
export type KeyWithValue = KeyJson & { key: string };

/** Creates a key for `businessId`; the value is returned here and never again. */
export async function createKey(deps: KeysDeps, businessId: number, data: KeyCreateInput): Promise<KeyWithValue> {
  const now = deps.clock.now();
  if (!(await findBusiness(deps.db, businessId))) throw errors.notFound('Business');
  const expiresAt = data.expiresAt ? Date.parse(data.expiresAt) : null;
  if (expiresAt !== null && expiresAt <= now) {
    throw errors.validation('"expiresAt" must be in the future.', 'expiresAt');
  }
  const origins = data.allowedOrigins?.map((entry) => normaliseOriginPattern(entry)!) ?? null;
  for (const [index, pattern] of (origins ?? []).entries()) {
    const tooWide = await wildcardTooWide(pattern);
    if (tooWide) throw errors.validation(`"allowedOrigins[${index}]": ${tooWide}.`, `allowedOrigins[${index}]`);
  }
  const value = deps.ids.apiKey();
  const id = await insertKey(deps.db, {
    business_id: businessId,
    name: data.name.trim(),
    key_hash: sha256Hex(value),
    scopes: JSON.stringify(data.scopes),
    allowed_origins: origins && origins.length > 0 ? JSON.stringify(origins) : null,
    status: 'active',
    expires_at: expiresAt,
    last_used_at: null,
    revoked_at: null,
    created_at: now,
    updated_at: now,
  });
  const created = await keyJson(deps, id);
  // The value is a secret: the trail says a key was given one, never which.
  await recordAudit(deps.db, { businessId, action: 'key.created', target: { kind: 'key', id }, after: { ...created, key: 'set' } });
  return { ...created, key: value };
}

export async function allKeys(deps: KeysDeps, businessId?: number): Promise<KeyJson[]> {
  const now = deps.clock.now();
  return (await listKeys(deps.db, businessId)).map((row) => toKeyJson(fromKeyRow(row), now));
}

/** The keys with who made each (`createdBy`), as the audit trail's `key.created` has it. */
export async function keysWithMakers(deps: KeysDeps, businessId: number, keys: readonly KeyJson[]) {
  const made = await auditEntriesOf(
    deps.db,
    businessId,
    'key',
    keys.map((key) => key.id),
  );
  const makers = new Map(
    made.filter((e) => e.action === 'key.created').map((e) => [e.target_id, { kind: e.actor_kind, id: e.actor_id, name: e.actor_label }]),
  );
  return keys.map((key) => ({ ...key, createdBy: makers.get(key.id) ?? null }));
}

/** Revokes a key: requests with it get 401 at once. Revoking twice is harmless. */
export async function revokeKeyById(deps: KeysDeps, id: number, businessId?: number): Promise<KeyJson> {
  const row = await ownedKey(deps, id, businessId);
  if (row.status === 'revoked') return keyJson(deps, id);
  await revokeKey(deps.db, id, deps.clock.now());
  const target = { kind: 'key', id };
  return recorded(
    deps.db,
    { businessId: row.business_id, action: 'key.revoked', target, before: { status: row.status } },
    await keyJson(deps, id),
  );
}

/** Gives the key a new value; scopes, webhooks and counters stay, the old value stops working at once. */
export async function regenerateKey(deps: KeysDeps, id: number, businessId?: number): Promise<KeyWithValue> {
  const row = await ownedKey(deps, id, businessId);
  if (row.status === 'revoked') {
    throw errors.conflict('api_key_revoked', 'This API key is revoked; create a new key instead.');
  }
  const value = deps.ids.apiKey();
  await replaceKeyHash(deps.db, id, sha256Hex(value), deps.clock.now());
  const target = { kind: 'key', id };
  await recordAudit(deps.db, {
    businessId: row.business_id,
    action: 'key.regenerated',
    target,
    before: { key: 'old' },
    after: { key: 'new' },
  });
  return { ...(await keyJson(deps, id)), key: value };
}

async function ownedKey(deps: KeysDeps, id: number, businessId: number | undefined) {
  const row = await findKeyById(deps.db, id);
  // The booking page's own key is no key of the salon's: it cannot be revoked or given a value.
  if (row?.kind !== 'api' || (businessId !== undefined && row.business_id !== businessId)) throw errors.notFound('API key');
  return row;
}

async function keyJson(deps: KeysDeps, id: number): Promise<KeyJson> {
  return toKeyJson(fromKeyRow((await findKeyById(deps.db, id))!), deps.clock.now());
}
