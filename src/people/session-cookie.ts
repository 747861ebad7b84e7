import type { Clock } from '../clock.ts';
import type { Db } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import type { Ctx, Person } from '../http/state.ts';
import { sha256Hex } from '../ids.ts';
import { businessOfStaff, deleteSession, findSessionByHash, touchSession } from './people.repository.ts';
import { endOf, SESSION_IDLE_MS } from './people.service.ts';

/**
 * The session cookie: `HttpOnly` (the page's scripts never see it), `SameSite=Strict` (another
 * site's page never sends it), `Path=/`. Over HTTPS it is `Secure` with the `__Host-` prefix,
 * which a browser only accepts from this host over HTTPS with Path=/ (no subdomain can set it).
 */
export const COOKIE = 'booking_session';
const SECURE_COOKIE = `__Host-${COOKIE}`;

export const cookieName = (ctx: Ctx) => (ctx.secure ? SECURE_COOKIE : COOKIE);

export function setSessionCookie(ctx: Ctx, token: string): void {
  ctx.cookies.set(cookieName(ctx), token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.secure,
    path: '/',
    overwrite: true,
    // Kept across a browser's restart for the idle period; the server ends sessions itself (idle, absolute).
    maxAge: SESSION_IDLE_MS,
  });
}

export function clearSessionCookie(ctx: Ctx): void {
  ctx.cookies.set(cookieName(ctx), '', { httpOnly: true, sameSite: 'strict', secure: ctx.secure, path: '/', overwrite: true, maxAge: 0 });
}

export const sessionToken = (ctx: Ctx): string | undefined => ctx.cookies.get(cookieName(ctx)) || undefined;

/** Sessions note their last use at most this often: one write a minute, not one per request. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The person `token` signs in, or undefined: no such session, it has ended (idle or absolute), or
 * the person's account is switched off. An ended session is deleted as it is found.
 */
export async function personOf(db: Db, clock: Clock, token: string): Promise<(Person & { readonly touched: boolean }) | undefined> {
  const session = await findSessionByHash(db, sha256Hex(token));
  if (!session) return undefined;
  const now = clock.now();
  if (endOf(session) <= now || session.user.switched_off_at !== null || session.user.password_hash === null) {
    await deleteSession(db, session.id);
    return undefined;
  }
  const touched = now - session.last_seen_at >= TOUCH_EVERY_MS;
  if (touched) await touchSession(db, session.id, now);
  const { user } = session;
  return {
    id: user.id,
    name: user.name,
    role: user.role,
    staffId: user.staff_id,
    businessId: user.staff_id === null ? null : ((await businessOfStaff(db, user.staff_id)) ?? null),
    sessionId: session.id,
    touched,
  };
}

/** The origin the request was sent to, `http://127.0.0.1:8080` (Koa 3's ctx.origin is the Origin header instead). */
export const ownOrigin = (ctx: Ctx) => `${ctx.protocol}://${ctx.host}`.toLowerCase();

/**
 * A request made with the session cookie that changes something must come from this server's own
 * page: its Origin is the address it was sent to (or the public one). Browsers send Origin with
 * every POST, PUT, PATCH and DELETE; without one, Sec-Fetch-Site must say same-origin. Another
 * site's page could otherwise make a signed-in browser act for it (cross-site request forgery;
 * SameSite=Strict is the first wall, this the second).
 */
export function requireOwnOrigin(ctx: Ctx, publicUrl: string | undefined): void {
  if (ctx.method === 'GET' || ctx.method === 'HEAD' || ctx.method === 'OPTIONS') return;
  const origin = ctx.get('origin');
  const own = [ownOrigin(ctx), publicUrl ? new URL(publicUrl).origin : undefined];
  if (origin ? own.includes(origin.toLowerCase()) : ctx.get('sec-fetch-site') === 'same-origin') return;
  throw new AppError(
    403,
    'cross_origin_refused',
    origin
      ? `A change signed in with the back office's session must come from its own page, not from ${origin}.`
      : "A change signed in with the back office's session must come from its own page (the request has no Origin header).",
  );
}
