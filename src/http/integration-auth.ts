import type { Middleware } from 'koa';
import type { Clock } from '../clock.ts';
import { keyState } from '../keys/api-key.ts';
import type { KeyStore } from '../keys/key-store.ts';
import { hostMatches, requestHost } from '../keys/origins.ts';
import type { Scope } from '../keys/scopes.ts';
import { errors } from './errors.ts';
import { rateLimitedError, rateLimitHeaders, type RateLimiter } from './rate-limit.ts';
import type { AppState } from './state.ts';

const EXPOSED_HEADERS = [
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit',
  'RateLimit-Policy',
  'Retry-After',
].join(', ');

/**
 * Browsers ask before sending X-API-Key. A preflight carries no key, so it is answered for any
 * origin; the real request that follows is checked against the key's allowedOrigins.
 */
export function preflight(): Middleware<AppState> {
  return async (ctx, next) => {
    if (ctx.method !== 'OPTIONS') return next();
    const origin = ctx.get('origin');
    if (origin) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Vary', 'Origin');
    }
    ctx.set('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE');
    ctx.set('Access-Control-Allow-Headers', 'X-API-Key, Authorization, Content-Type, Idempotency-Key, X-Request-Id');
    ctx.set('Access-Control-Max-Age', '600');
    ctx.status = 204;
  };
}

/** Spec 5: the key comes in X-API-Key or as a Bearer token; 401 with a distinct code otherwise. */
export function authenticateKey(keys: KeyStore, clock: Clock): Middleware<AppState> {
  return async (ctx, next) => {
    const value = presentedKey(ctx.req.headersDistinct);
    const key = value ? await keys.authenticate(value) : undefined;
    if (!key) throw errors.invalidApiKey();
    const state = keyState(key, clock.now());
    if (state === 'revoked') throw errors.apiKeyRevoked();
    if (state === 'expired') throw errors.apiKeyExpired();
    ctx.state.apiKey = key;
    await next();
  };
}

/** Counts the request against its key; every answer from here on carries the rate-limit headers. */
export function limitRate(limiter: RateLimiter, clock: Clock): Middleware<AppState> {
  return async (ctx, next) => {
    const decision = await limiter.take(ctx.state.apiKey!.id);
    const now = clock.now();
    ctx.set(rateLimitHeaders(decision, now));
    if (decision.exceeded) throw rateLimitedError(decision, now);
    await next();
  };
}

/**
 * A key with allowedOrigins only serves requests whose Origin (or Referer) host matches, and only
 * such requests get CORS headers. A key without the list is for servers and gets none, so a
 * browser page cannot read its answers.
 */
export function checkOrigin(): Middleware<AppState> {
  return async (ctx, next) => {
    const allowed = ctx.state.apiKey!.allowedOrigins;
    if (allowed) {
      const origin = ctx.get('origin') || undefined;
      const host = requestHost(origin, ctx.get('referer') || undefined);
      if (!host || !hostMatches(host, allowed)) throw errors.originNotAllowed(origin ?? host);
      if (origin) {
        ctx.set('Access-Control-Allow-Origin', origin);
        ctx.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
        ctx.set('Vary', 'Origin');
      }
    }
    await next();
  };
}

export function requireScope(scope: Scope): Middleware<AppState> {
  return async (ctx, next) => {
    if (!ctx.state.apiKey!.scopes.has(scope)) throw errors.insufficientScope(scope);
    await next();
  };
}

/**
 * The one key a request presents. A request that is ambiguous about who it is — a header sent
 * twice, an empty X-API-Key, or X-API-Key and Authorization naming different keys — is refused
 * rather than answered as whichever header a proxy or parser happens to prefer.
 */
function presentedKey(headers: Record<string, string[] | undefined>): string | undefined {
  const apiKey = headers['x-api-key'] ?? [];
  const authorization = headers.authorization ?? [];
  if (apiKey.length > 1) throw errors.invalidApiKey('The X-API-Key header is sent more than once.');
  if (authorization.length > 1) throw errors.invalidApiKey('The Authorization header is sent more than once.');
  const fromHeader = apiKey[0];
  if (fromHeader !== undefined && fromHeader.trim() === '') throw errors.invalidApiKey('The X-API-Key header is empty.');
  const fromBearer = authorization[0] === undefined ? undefined : bearerToken(authorization[0]);
  if (fromHeader !== undefined && authorization[0] !== undefined && fromBearer !== fromHeader.trim()) {
    throw errors.invalidApiKey('X-API-Key and Authorization carry different credentials.');
  }
  return fromHeader?.trim() ?? fromBearer;
}

function bearerToken(header: string): string | undefined {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1];
}
