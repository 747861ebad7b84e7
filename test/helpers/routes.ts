import { ADMIN_PREFIX } from '../../src/admin-api.ts';
import { INTEGRATION_PREFIX } from '../../src/app.ts';
import { BOOKING_PAGE_PREFIX } from '../../src/booking-page-api.ts';
import type { TestApp } from './app.ts';

export interface Route {
  method: string;
  /** The full path pattern, prefix included, e.g. /v1/integration/webhooks/:id. */
  path: string;
  api: 'integration' | 'admin' | 'page';
}

/** Every route of the three APIs, read from their tables of operations (the served documents left out). */
export function routeTable(app: TestApp): Route[] {
  const { integrationOperations, adminOperations, bookingPageOperations } = app.server.app;
  return [
    ...integrationOperations
      .filter((op) => !op.public)
      .map((op) => ({ method: op.method, path: `${INTEGRATION_PREFIX}${op.path}`, api: 'integration' as const })),
    ...adminOperations
      .filter((op) => op.path !== '/openapi.json')
      .map((op) => ({ method: op.method, path: `${ADMIN_PREFIX}${op.path}`, api: 'admin' as const })),
    ...bookingPageOperations
      .filter((op) => !op.public)
      .map((op) => ({ method: op.method, path: `${BOOKING_PAGE_PREFIX}${op.path}`, api: 'page' as const })),
  ];
}

/** The path with each `:name` replaced by `params[name]`. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => String(params[name] ?? `:${name}`));
}
