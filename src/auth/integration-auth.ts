import type { Middleware, ParameterizedContext } from 'koa';
import type { Clock } from '../clock.ts';
import { operations } from '../http/operations.ts';
import { keyState, type ApiKey } from './api-key.ts';
import type { Scope } from './scopes.ts';
import type { KeyStore } from './key-store.ts';
import { hostMatches, requestHost } from './origins.ts';
import { errors } from '../http/errors.ts';
import { rateLimitedError, setRateLimitHeaders, type RateLimiter } from './rate-limit.ts';
import type { AppState } from '../http/state.ts';

/** The `operation()` of an integration feature's table: the caller is the request's API key, a scope one of SCOPES. */
export function integrationOperations<App>() {
  return operations<App, ApiKey, Scope>();
}

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
 * What every integration request passes before its operation, in this order (one function rather
 * than a chain of middlewares: it runs on every request, and reads top to bottom):
 * 1. a CORS preflight is answered at once: it carries no key, so it is answered for any origin and
 *    the real request that follows is checked against the key's allowedOrigins;
 * 2. the key (spec 5): in X-API-Key or as a Bearer token, 401 with a distinct code otherwise;
 * 3. the request counts against the key's limits, and every answer from here on carries the
 *    rate-limit headers (429 when over);
 * 4. a key with allowedOrigins only serves requests whose Origin (or Referer) host matches, and only
 *    those get CORS headers; a key without the list is for servers and gets none, so a browser page
 *    cannot read its answers.
 */
export function integrationGuard(keys: KeyStore, limiter: RateLimiter, clock: Clock): Middleware<AppState> {
  return async (ctx, next) => {
    if (ctx.method === 'OPTIONS') {
      answerPreflight(ctx);
      return;
    }
    const value = presentedKey(ctx.req.rawHeaders);
    const key = value ? await keys.authenticate(value) : undefined;
    if (!key) throw errors.invalidApiKey();
    const state = keyState(key, clock.now());
    if (state === 'revoked') throw errors.apiKeyRevoked();
    if (state === 'expired') throw errors.apiKeyExpired();
    ctx.state.caller = key;
    ctx.state.actor = { kind: 'key', id: key.id, label: key.name };

    const decision = await limiter.take(key.id);
    const now = clock.now();
    setRateLimitHeaders(ctx.res, decision, now);
    if (decision.exceeded) throw rateLimitedError(decision, now);

    if (key.allowedOrigins) {
      const origin = ctx.get('origin') || undefined;
      const host = requestHost(origin, ctx.get('referer') || undefined);
      if (!host || !hostMatches(host, key.allowedOrigins)) throw errors.originNotAllowed(origin ?? host);
      if (origin) {
        ctx.set('Access-Control-Allow-Origin', origin);
        ctx.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
        ctx.set('Vary', 'Origin');
      }
    }
    await next();
  };
}

function answerPreflight(ctx: ParameterizedContext<AppState>): void {
  const origin = ctx.get('origin');
  if (origin) {
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Vary', 'Origin');
  }
  ctx.set('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE');
  ctx.set('Access-Control-Allow-Headers', 'X-API-Key, Authorization, Content-Type, Idempotency-Key, X-Request-Id');
  ctx.set('Access-Control-Max-Age', '600');
  ctx.status = 204;
}

/**
 * The one key a request presents. A request that is ambiguous about who it is — a header sent
 * twice, an empty X-API-Key, or X-API-Key and Authorization naming different keys — is refused
 * rather than answered as whichever header a proxy or parser happens to prefer.
 */
function presentedKey(rawHeaders: string[]): string | undefined {
  // The raw name/value list, read once: what a client sent twice is there twice (Node's parsed
  // headers keep only the first Authorization), and nothing else is built per request.
  let fromHeader: string | undefined;
  let authorization: string | undefined;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (name.length === 9 && name.toLowerCase() === 'x-api-key') {
      if (fromHeader !== undefined) throw errors.invalidApiKey('The X-API-Key header is sent more than once.');
      fromHeader = rawHeaders[i + 1]!;
    } else if (name.length === 13 && name.toLowerCase() === 'authorization') {
      if (authorization !== undefined) throw errors.invalidApiKey('The Authorization header is sent more than once.');
      authorization = rawHeaders[i + 1]!;
    }
  }
  if (fromHeader !== undefined && fromHeader.trim() === '') throw errors.invalidApiKey('The X-API-Key header is empty.');
  const fromBearer = authorization === undefined ? undefined : bearerToken(authorization);
  if (fromHeader !== undefined && authorization !== undefined && fromBearer !== fromHeader.trim()) {
    throw errors.invalidApiKey('X-API-Key and Authorization carry different credentials.');
  }
  return fromHeader?.trim() ?? fromBearer;
}

function bearerToken(header: string): string | undefined {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1];
}
