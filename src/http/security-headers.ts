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
 * Headers every response carries: nosniff everywhere. API answers are never cached (they hold
 * keys on creation and live data). The status page gets a strict Content-Security-Policy (nothing
 * loads from elsewhere, no framing) and the headers that only mean something for a page; JSON
 * answers do without them, which also keeps them cheap for the integrations that read thousands.
 */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    const res = ctx.res;
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const isApi = ctx.path.startsWith('/v1/') || ctx.path.startsWith('/admin/') || ctx.path === '/healthz';
    if (isApi) {
      res.setHeader('Cache-Control', 'no-store');
    } else {
      res.setHeader('Content-Security-Policy', STATUS_PAGE_CSP);
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.setHeader('X-Frame-Options', 'DENY');
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    }
    await next();
  };
}
