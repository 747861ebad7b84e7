import type { ApiKeyRow } from '../db/tables.ts';
import { toIso, toIsoOrNull } from '../clock.ts';
import type { Scope } from './scopes.ts';

/** An API key as the code uses it: parsed lists, no hash. */
export interface ApiKey {
  readonly id: number;
  readonly businessId: number;
  readonly name: string;
  readonly scopes: ReadonlySet<Scope>;
  readonly allowedOrigins: readonly string[] | null;
  readonly status: 'active' | 'revoked';
  readonly expiresAt: number | null;
  readonly lastUsedAt: number | null;
  readonly revokedAt: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export type KeyState = 'active' | 'revoked' | 'expired';

export function fromKeyRow(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    businessId: row.business_id,
    name: row.name,
    scopes: new Set(JSON.parse(row.scopes) as Scope[]),
    allowedOrigins: row.allowed_origins === null ? null : (JSON.parse(row.allowed_origins) as string[]),
    status: row.status,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Spec 2.1 states: a key past its validity period is `expired` even though nobody touched it. */
export function keyState(key: ApiKey, now: number): KeyState {
  if (key.status === 'revoked') return 'revoked';
  if (key.expiresAt !== null && key.expiresAt <= now) return 'expired';
  return 'active';
}

/** The API and CLI shape of a key. The value is never part of it (it is not stored). */
export function toKeyJson(key: ApiKey, now: number, lastUsedAt = key.lastUsedAt) {
  return {
    id: key.id,
    businessId: key.businessId,
    name: key.name,
    scopes: [...key.scopes],
    allowedOrigins: key.allowedOrigins,
    status: keyState(key, now),
    expiresAt: toIsoOrNull(key.expiresAt),
    lastUsedAt: toIsoOrNull(lastUsedAt),
    revokedAt: toIsoOrNull(key.revokedAt),
    createdAt: toIso(key.createdAt),
    updatedAt: toIso(key.updatedAt),
  };
}

export type KeyJson = ReturnType<typeof toKeyJson>;
