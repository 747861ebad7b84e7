import type { Middleware } from 'koa';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/transaction.ts';
import type { Logger } from '../log.ts';
import { AppError, errors } from '../http/errors.ts';
import type { AppState } from '../http/state.ts';
import { BACK_OFFICE } from '../db/writer.ts';
import { adminTokenMatches } from './admin-token.ts';
import { personOf, requireOwnOrigin, sessionToken, setSessionCookie } from '../people/session-cookie.ts';

const MAX_FAILURES_PER_MINUTE = 10;

/**
 * The admin API wants a person's session cookie (the page, issue 23) or `Authorization: Bearer
 * <admin token>` (the command line, scripts, recovery). With the header, the token decides, cookie
 * or not. With the cookie alone, the person it signs in is the request's actor and role
 * (ctx.state.person), and a change must come from the server's own page (requireOwnOrigin); a
 * cookie whose session has ended is 401 `session_ended`, so the page asks to sign in again.
 *
 * The admin token:  Only a wrong token presented counts
 * as a guess: requests without the header (a CORS preflight, a page loaded before logging in,
 * an unknown admin path) cost the salon nothing. After 10 wrong tokens in a minute from one
 * address, further wrong tokens from it get 429 until the minute is over, which bounds the work
 * and the log lines guessing causes. The right token is always admitted, throttled or not: every
 * local client shares 127.0.0.1, and tokens are at least 32 characters (256-bit when generated),
 * so refusing the right one would only let anyone local lock the salon out (docs/decisions.md).
 */
export function requireAdmin(app: {
  readonly db: Db;
  readonly config: Config;
  readonly clock: Clock;
  readonly logger: Logger;
}): Middleware<AppState> {
  const failures = new Map<string, { windowStart: number; count: number }>();
  return async (ctx, next) => {
    const headers = ctx.req.headersDistinct.authorization ?? [];
    const cookie = headers.length === 0 ? sessionToken(ctx) : undefined;
    if (cookie !== undefined) {
      const person = await personOf(app.db, app.clock, cookie);
      if (!person) throw new AppError(401, 'session_ended', 'You have been signed out (the session ended or was ended). Sign in again.');
      requireOwnOrigin(ctx, app.config.publicUrl);
      // Its use noted, the cookie's Max-Age starts again: a browser in daily use keeps it to the absolute end.
      if (person.touched) setSessionCookie(ctx, cookie);
      ctx.state.person = person;
      ctx.state.actor = { kind: 'person', id: person.id, label: person.name };
      return next();
    }
    if (headers.length !== 1)
      throw errors.invalidAdminToken(headers.length > 1 ? 'The Authorization header is sent more than once.' : undefined);
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(headers[0]!);
    if (!match) throw errors.invalidAdminToken();
    if (await adminTokenMatches(app.db, app.config, match[1]!)) {
      ctx.state.actor = BACK_OFFICE;
      return next();
    }

    const now = app.clock.now();
    const windowStart = Math.floor(now / 60_000) * 60_000;
    const address = ctx.ip;
    const seen = failures.get(address);
    const count = seen && seen.windowStart === windowStart ? seen.count + 1 : 1;
    failures.set(address, { windowStart, count });
    if (failures.size > 10_000) failures.clear();
    if (count > MAX_FAILURES_PER_MINUTE) {
      const retryAfter = Math.max(1, Math.ceil((windowStart + 60_000 - now) / 1000));
      throw new AppError(
        429,
        'too_many_attempts',
        `Too many wrong admin tokens from this address. Try again in ${retryAfter} seconds.`,
        { retryAfter },
        { 'Retry-After': String(retryAfter) },
      );
    }
    app.logger.warn(
      { requestId: ctx.state.requestId, address },
      count === MAX_FAILURES_PER_MINUTE
        ? 'wrong admin token; further wrong tokens from this address are refused for the rest of the minute'
        : 'wrong admin token',
    );
    throw errors.invalidAdminToken();
  };
}

/**
 * Where the admin token is optional (GET /healthz): without an Authorization header the request
 * goes on as anyone's; with one, it is checked as requireAdmin checks it (a wrong one is 401 and
 * counts towards the lockout), and a right one marks the request `state.admin`.
 */
export function adminIfSent(app: Parameters<typeof requireAdmin>[0]): Middleware<AppState> {
  const admin = requireAdmin(app);
  return (ctx, next) => {
    if (ctx.req.headersDistinct.authorization === undefined) return next();
    return admin(ctx, () => {
      ctx.state.admin = true;
      return next();
    });
  };
}
