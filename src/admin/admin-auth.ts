import type { Middleware } from 'koa';
import type { AppContext } from '../app-context.ts';
import { AppError, errors } from '../http/errors.ts';
import type { AppState } from '../http/state.ts';
import { adminTokenMatches } from './admin-token.ts';

const MAX_FAILURES_PER_MINUTE = 10;

/**
 * The admin API wants `Authorization: Bearer <admin token>`. Wrong guesses are counted per client
 * address; after 10 in a minute that address is refused (429) until the minute is over, even
 * with the right token, so guessing is slow and noisy.
 */
export function requireAdmin(app: Pick<AppContext, 'db' | 'config' | 'clock' | 'logger'>): Middleware<AppState> {
  const failures = new Map<string, { windowStart: number; count: number }>();
  return async (ctx, next) => {
    const now = app.clock.now();
    const windowStart = Math.floor(now / 60_000) * 60_000;
    const address = ctx.ip;
    const seen = failures.get(address);
    if (seen && seen.windowStart === windowStart && seen.count >= MAX_FAILURES_PER_MINUTE) {
      const retryAfter = Math.max(1, Math.ceil((windowStart + 60_000 - now) / 1000));
      throw new AppError(
        429,
        'too_many_attempts',
        `Too many wrong admin tokens from this address. Try again in ${retryAfter} seconds.`,
        { retryAfter },
        { 'Retry-After': String(retryAfter) },
      );
    }
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(ctx.get('authorization'));
    if (!match || !(await adminTokenMatches(app.db, app.config, match[1]!))) {
      const count = seen && seen.windowStart === windowStart ? seen.count + 1 : 1;
      failures.set(address, { windowStart, count });
      if (failures.size > 10_000) failures.clear();
      app.logger.warn({ requestId: ctx.state.requestId, address }, 'wrong admin token');
      throw errors.invalidAdminToken();
    }
    await next();
  };
}
