import type { Middleware } from 'koa';
import { errors } from './errors.ts';

/** Paths whose callers hold a key or the admin token: over plain HTTP it is exposed already. */
const API_PATHS = ['/v1/', '/admin/'];

/**
 * The plain-HTTP port beside HTTPS (BOOKING_HTTP_REDIRECT_PORT): a browser asking for a page is
 * sent to the same address over HTTPS (301); an API call is refused (400 `https_required`), not
 * redirected, so that an integration sending its key in clear fails at once instead of doing so on
 * every call. Never HSTS here: browsers ignore it over HTTP.
 */
export function httpsOnly(httpsPort: () => number): Middleware {
  return (ctx) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'no-store');
    const origin = httpsOrigin(ctx.get('host'), httpsPort());
    const page = (ctx.method === 'GET' || ctx.method === 'HEAD') && !API_PATHS.some((prefix) => ctx.path.startsWith(prefix));
    if (!page || !origin) throw errors.httpsRequired(origin);
    ctx.redirect(`${origin}${ctx.originalUrl}`);
    ctx.status = 301;
  };
}

/** `https://` with the name the client asked for and the HTTPS port; undefined for a Host header that names no host. */
function httpsOrigin(host: string, port: number): string | undefined {
  const url = URL.parse(`http://${host}/`);
  if (!url || !host || url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
  return `https://${url.hostname}${port === 443 ? '' : `:${port}`}`;
}
