import apiKeyCreateSchema from '../../schema/api-key-create.ts';
import { BUSINESS, BUSINESS_ID } from '../businesses/business-param.ts';
import { idOf, operations } from '../http/operations.ts';
import { SCOPE_PRESETS, SCOPES } from '../auth/scopes.ts';
import { allKeys, createKey, keysWithMakers, regenerateKey, revokeKeyById, type KeysDeps } from './keys.service.ts';
import type { RateLimiter } from '../auth/rate-limit.ts';

type App = KeysDeps & { readonly limiter: RateLimiter };
const operation = operations<App>();

const params = { businessId: BUSINESS_ID };
const one = { ...params, id: idOf('API key') };
const deps = (app: App): KeysDeps => ({ db: app.db, clock: app.clock, ids: app.ids });

/** "Account settings, section API integration" (spec 3.1): the same operations as the CLI. */
export const keyAdminOperations = [
  operation({
    operationId: 'adminListScopes',
    access: 'owner',
    method: 'GET',
    path: '/scopes',
    summary: 'The scopes a key can have, and the typical sets',
    success: { status: 200, schema: 'ScopeCatalog' },
    handle: () => ({ scopes: SCOPES, presets: SCOPE_PRESETS }),
  }),
  operation({
    operationId: 'adminListKeys',
    access: 'owner',
    method: 'GET',
    path: `${BUSINESS}/keys`,
    summary: 'API keys of a business (never their value)',
    params,
    success: { status: 200, schema: 'ApiKeyList' },
    handle: async ({ params }, app) => {
      const keys = await keysWithMakers(deps(app), params.businessId, await allKeys(deps(app), params.businessId));
      const data = keys.map((key) => ({ ...key, lastUsedAt: latest(key.lastUsedAt, app.limiter.lastUsedAt(key.id)) }));
      return { data, total: data.length };
    },
  }),
  operation({
    operationId: 'adminCreateKey',
    access: 'owner',
    method: 'POST',
    path: `${BUSINESS}/keys`,
    summary: 'Create an API key; the answer holds its value, shown once',
    params,
    body: apiKeyCreateSchema,
    success: { status: 201, schema: 'ApiKeyWithValue' },
    // createKey also serves the CLI, so it validates itself as well.
    write: true,
    handle: ({ params, body, trx }, app) => createKey({ ...deps(app), db: trx }, params.businessId, body),
  }),
  operation({
    operationId: 'adminRevokeKey',
    access: 'owner',
    method: 'POST',
    path: `${BUSINESS}/keys/:id/revoke`,
    summary: 'Revoke an API key at once',
    params: one,
    success: { status: 200, schema: 'ApiKey' },
    write: true,
    handle: ({ params, trx }, app) => revokeKeyById({ ...deps(app), db: trx }, params.id, params.businessId),
  }),
  operation({
    operationId: 'adminRegenerateKey',
    access: 'owner',
    method: 'POST',
    path: `${BUSINESS}/keys/:id/regenerate`,
    summary: 'A new value for an API key; the old one stops working',
    params: one,
    success: { status: 200, schema: 'ApiKeyWithValue' },
    errors: [409],
    write: true,
    handle: ({ params, trx }, app) => regenerateKey({ ...deps(app), db: trx }, params.id, params.businessId),
  }),
];

/** The stored last use lags by up to a flush; the rate limiter knows the newest. */
function latest(stored: string | null, inMemory: number | undefined): string | null {
  if (!inMemory) return stored;
  return stored && Date.parse(stored) >= inMemory ? stored : new Date(inMemory).toISOString();
}
