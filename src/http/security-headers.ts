import type { Middleware } from 'koa';

const STATUS_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Headers every response carries. API answers are never cached (they hold keys on creation and
 * live data); the status page gets a strict Content-Security-Policy: nothing loads from elsewhere.
 */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
    const isApi = ctx.path.startsWith('/v1/') || ctx.path.startsWith('/admin/') || ctx.path === '/healthz';
    if (isApi) ctx.set('Cache-Control', 'no-store');
    else ctx.set('Content-Security-Policy', STATUS_PAGE_CSP);
    await next();
  };
}
