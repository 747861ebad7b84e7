import type { TestApp } from './app.ts';

export interface Route {
  method: string;
  /** The full path pattern, prefix included, e.g. /v1/integration/webhooks/:id. */
  path: string;
  api: 'integration' | 'admin';
}

/** Every route of both routers, read from their own tables (HEAD, which Koa adds to GET, left out). */
export function routeTable(app: TestApp): Route[] {
  const { integrationRouter, adminRouter } = app.server.app;
  const routes: Route[] = [];
  for (const [api, router] of [['integration', integrationRouter], ['admin', adminRouter]] as const) {
    for (const layer of router.stack) {
      for (const method of layer.methods) if (method !== 'HEAD') routes.push({ method, path: String(layer.path), api });
    }
  }
  return routes;
}

/** The path with each `:name` replaced by `params[name]`. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => String(params[name] ?? `:${name}`));
}
