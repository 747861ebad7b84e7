import { INTEGRATION_PREFIX } from '../../src/app.ts';
import type { TestApp } from './app.ts';

export interface Route {
  method: string;
  /** The full path pattern, prefix included, e.g. /v1/integration/webhooks/:id. */
  path: string;
  api: 'integration' | 'admin';
}

/** Every route of both APIs, read from their own tables (HEAD, which answers beside GET, left out). */
export function routeTable(app: TestApp): Route[] {
  const { integrationOperations, adminRouter } = app.server.app;
  const routes: Route[] = integrationOperations
    .filter((op) => !op.public)
    .map((op) => ({ method: op.method, path: `${INTEGRATION_PREFIX}${op.path}`, api: 'integration' }));
  for (const layer of adminRouter.stack) {
    for (const method of layer.methods) if (method !== 'HEAD') routes.push({ method, path: String(layer.path), api: 'admin' });
  }
  return routes;
}

/** The path with each `:name` replaced by `params[name]`. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => String(params[name] ?? `:${name}`));
}
