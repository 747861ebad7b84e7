import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sea from 'node:sea';
import type { Middleware } from 'koa';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export interface StaticFile {
  body: Buffer;
  type: string;
  etag: string;
}

/** The single executable carries static/ as assets named "static/<path>". */
const ASSET_PREFIX = 'static/';

/**
 * What the salon's pages share (static/shared/: the house look, the element helper). Served at
 * /shared/… and under each public page's own path too (/book/shared/…, /manage/shared/…): a
 * public page loads only files under its path, so a proxy in front may pass just that path.
 */
const SHARED = 'shared/';
const SHARED_UNDER = ['book/', 'manage/'];

/**
 * The status page's files, read once at start: from the executable's assets inside it, from the
 * static/ folder of the checkout otherwise; the shared ones (SHARED) at each of their addresses.
 */
export function loadStaticFiles(): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const add = (name: string, body: Buffer) => {
    const type = TYPES[path.extname(name)] ?? 'application/octet-stream';
    const file = { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
    files.set(`/${name}`, file);
    if (name.startsWith(SHARED)) for (const page of SHARED_UNDER) files.set(`/${page}${name}`, file);
  };
  if (sea.isSea()) {
    for (const key of sea.getAssetKeys()) {
      if (key.startsWith(ASSET_PREFIX)) add(key.slice(ASSET_PREFIX.length), Buffer.from(sea.getRawAsset(key)));
    }
    return files;
  }
  const root = path.resolve(import.meta.dirname, '../../static');
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else add(path.relative(root, full).split(path.sep).join('/'), fs.readFileSync(full));
    }
  };
  walk(root);
  return files;
}

/** A page served at every path `pattern` matches (a client's page at /manage/<token>): the path carries what it shows. */
export interface PageRoute {
  readonly pattern: RegExp;
  readonly file: string;
}

/** Serves the status page: GET and HEAD only, "/" is index.html, ETags for cheap revalidation. */
export function serveStatic(files: Map<string, StaticFile>, pages: readonly PageRoute[] = []): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const path = ctx.path === '/' ? '/index.html' : (pages.find((page) => page.pattern.test(ctx.path))?.file ?? ctx.path);
    const file = files.get(path);
    if (!file) return next();
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('ETag', file.etag);
    if (ctx.get('if-none-match') === file.etag) {
      ctx.status = 304;
      return;
    }
    ctx.type = file.type;
    ctx.body = file.body;
  };
}
