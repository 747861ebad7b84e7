import type { Middleware } from 'koa';
import type { BusinessDirectory } from '../businesses/directory.ts';
import { PAGE_SLUG } from '../businesses/page-slug.ts';
import type { Db } from '../db/transaction.ts';
import type { StaticFile } from '../http/static-files.ts';
import type { AppState } from '../http/state.ts';
import { findLogo } from './booking-page.repository.ts';

/** The page itself: one HTML file for every salon, which reads its salon from its address. */
export const PAGE_FILE = '/book/page.html';

const PAGE_PATH = /^\/book\/([A-Za-z0-9-]{1,40})(\/|\/logo)?$/;

/**
 * Serves the booking page at /book/{slug} (the same HTML for every salon; an unknown short name
 * gets it with 404, and the page says there is no booking page here) and its logo at
 * /book/{slug}/logo. Its scripts and styles are static files beside it (static/book/), addressed
 * relative to it, so the page also works when the server sits under a path of another address.
 */
export function serveBookingPage(
  app: { readonly db: Db; readonly directory: BusinessDirectory },
  files: Map<string, StaticFile>,
): Middleware<AppState> {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const match = PAGE_PATH.exec(ctx.path);
    const page = files.get(PAGE_FILE);
    if (!match || !page) return next();
    const slug = match[1]!.toLowerCase();
    const businessId = PAGE_SLUG.test(slug) ? await app.directory.businessOfSlug(app.db, slug) : undefined;
    if (match[2] === '/') {
      // Relative to /book/{slug}/ the page's own files would not be found.
      ctx.status = 301;
      ctx.redirect(`../${match[1]}${ctx.search}`);
      return;
    }
    if (match[2] === '/logo') {
      const logo = businessId === undefined ? undefined : await findLogo(app.db, businessId);
      if (!logo) return next();
      send(ctx, { body: Buffer.from(logo.data, 'base64'), type: logo.content_type, etag: `"logo-${logo.updated_at}"` });
      return;
    }
    send(ctx, page);
    if (businessId === undefined && ctx.status === 200) ctx.status = 404;
  };
}

function send(ctx: Parameters<Middleware>[0], file: StaticFile): void {
  ctx.set('Cache-Control', 'no-cache');
  ctx.set('ETag', file.etag);
  if (ctx.get('if-none-match') === file.etag) {
    ctx.status = 304;
    return;
  }
  ctx.type = file.type;
  ctx.body = file.body;
}
