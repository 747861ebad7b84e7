import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

/**
 * The page's headers, by helmet: a strict Content-Security-Policy (nothing loads from elsewhere,
 * no framing) and the browser-hardening headers it sets by default. Two of its defaults are off
 * because the server may speak plain HTTP on the salon's network: `upgrade-insecure-requests` would
 * send the page's own requests to an https:// port nobody listens on when it is opened by a LAN
 * address, and HSTS is set below, on HTTPS answers only.
 */
const DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const pageHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: DIRECTIVES },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: false,
});

/**
 * The salon's booking page (/book/…) is made to be framed by the salon's website, whatever its
 * address, by embed.js: the same policy, but any site may frame it (frame-ancestors *, no
 * X-Frame-Options), and a site that isolates itself (COEP) may still load it. Nothing else of the
 * server can be framed.
 */
const bookingPageHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: { ...DIRECTIVES, frameAncestors: ['*'] } },
  frameguard: false,
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: false,
});

/** embed.js is loaded by the salon's website, another origin: the script as the page's, and loadable from anywhere. */
const embedScriptHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: DIRECTIVES },
  frameguard: { action: 'deny' },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: false,
});

/**
 * A year, without includeSubDomains or preload: the server answers for its own name only, and a
 * salon that stops serving HTTPS there is locked out of plain HTTP for no longer than that.
 */
const HSTS = 'max-age=31536000';

/**
 * Headers every response carries: nosniff everywhere, and HSTS on every answer over HTTPS (the
 * server's own, or a TLS proxy's that says so in X-Forwarded-Proto when BOOKING_TRUST_PROXY is
 * set: Caddy and Cloudflare set none themselves). API answers are never cached (they hold
 * keys on creation and live data) and do without the page-only headers, which keeps them cheap
 * for the integrations that read thousands; everything else is the page and gets helmet's.
 */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    if (ctx.secure) ctx.res.setHeader('Strict-Transport-Security', HSTS);
    if (ctx.path.startsWith('/book/')) return bookingPageHeaders(ctx, next);
    if (ctx.path === '/embed.js') return embedScriptHeaders(ctx, next);
    const isApi =
      ctx.path.startsWith('/v1/') || ctx.path.startsWith('/admin/') || ctx.path === '/healthz' || ctx.path.startsWith('/.well-known/');
    if (!isApi) return pageHeaders(ctx, next);
    const res = ctx.res;
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-store');
    await next();
  };
}
