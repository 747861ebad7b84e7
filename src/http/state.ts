import type { ParameterizedContext } from 'koa';
import type { ApiKey } from '../keys/api-key.ts';

/** What middleware leaves on ctx.state for the handlers after it. */
export interface AppState {
  requestId: string;
  /** Set by API-key authentication on /v1/integration. */
  apiKey?: ApiKey;
  /** Ids a handler adds to the request's log line (a calendar feed's id, standing in for its token). */
  logged?: Readonly<Record<string, number>>;
}

export type Ctx = ParameterizedContext<AppState>;

declare module 'koa' {
  interface Request {
    /** Parsed JSON body; undefined when the request carried none. */
    body?: unknown;
  }
}
