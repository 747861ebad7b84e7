import type { ParameterizedContext } from 'koa';
import type { RouterContext } from '@koa/router';
import type { ApiKey } from '../keys/api-key.ts';
import { errors } from './errors.ts';

/** What middleware leaves on ctx.state for the handlers after it. */
export interface AppState {
  requestId: string;
  /** Set by API-key authentication on /v1/integration. */
  apiKey?: ApiKey;
}

export type Ctx = ParameterizedContext<AppState, RouterContext<AppState>>;

declare module 'koa' {
  interface Request {
    /** Parsed JSON body; undefined when the request carried none. */
    body?: unknown;
  }
}

/** The authenticated key; only called on routes behind authenticateKey. */
export function apiKeyOf(ctx: { state: AppState }): ApiKey {
  const key = ctx.state.apiKey;
  if (!key) throw new Error('route is not behind API-key authentication');
  return key;
}

/** A positive integer path id, or a 404: "abc" and "-1" name nothing that exists. */
export function idParam(value: string | undefined, what: string): number {
  if (value === undefined || !/^[1-9]\d{0,14}$/.test(value)) throw errors.notFound(what);
  return Number(value);
}
