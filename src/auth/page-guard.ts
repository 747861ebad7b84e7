import type { Middleware } from 'koa';
import { AppError, errors } from '../http/errors.ts';
import type { AppState } from '../http/state.ts';
import type { Actor } from '../db/writer.ts';
import type { AddressLimiter } from './address-limit.ts';
import { clientNetwork } from './client-address.ts';

/** A client booking on the salon's page: who the page's changes are made for. */
const BOOKING_PAGE_CLIENT: Actor = { kind: 'client', id: null, label: 'Client on the booking page' };

/**
 * What every request to the booking page's endpoints passes (they need no credential: the page is
 * the salon's own, served by this server, and anyone may book on it):
 * 1. first party only: a request whose Origin is another site's is refused (403), and no answer
 *    carries CORS headers, so another site's script can neither call these endpoints from its
 *    visitors' browsers nor read what they answer. The page, served from this server (also when
 *    framed by the salon's website), calls them from this server's own origin: the Host it was
 *    asked at, or BOOKING_PUBLIC_URL's;
 * 2. the client address's rate limit (429 rate_limited with Retry-After);
 * 3. the address, as a limit counts it, is left for the operations (holds and bookings per address).
 */
export function pageGuard(limiter: AddressLimiter, publicUrl: string | undefined): Middleware<AppState> {
  const publicHost = publicUrl ? new URL(publicUrl).host : undefined;
  return async (ctx, next) => {
    const origin = ctx.get('origin');
    if (origin && !firstParty(origin, ctx.host, publicHost)) throw errors.notFirstParty(origin);
    const visitor = clientNetwork(ctx.ip);
    const decision = limiter.take(visitor);
    if (!decision.admitted) {
      const { retryAfter } = decision;
      throw new AppError(
        429,
        'rate_limited',
        `Too many requests from this address: at most ${limiter.perMinute} a minute. Try again in ${retryAfter} seconds.`,
        { retryAfter },
        { 'Retry-After': String(retryAfter) },
      );
    }
    ctx.state.visitor = visitor;
    ctx.state.actor = BOOKING_PAGE_CLIENT;
    await next();
  };
}

/** Whether `origin` is this server: the host the request was sent to, or the public address's. */
function firstParty(origin: string, host: string, publicHost: string | undefined): boolean {
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  return originHost === host.toLowerCase() || originHost === publicHost;
}
