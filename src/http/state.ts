import type { ParameterizedContext } from 'koa';
import type { Actor } from '../db/writer.ts';
import type { Role } from '../db/tables.ts';

/** What an API's guard knows of who calls: an id for the log line, and what it may do. */
export interface Caller {
  readonly id: number;
  /** What an operation's `scope` is checked against. */
  readonly scopes: ReadonlySet<string>;
}

/** Who a request's session cookie signs in (src/people/session-cookie.ts), as the admin API's guard keeps it. */
export interface Person {
  readonly id: number;
  readonly name: string;
  readonly role: Role;
  /** A stylist's staff member, and the business they work at. */
  readonly staffId: number | null;
  readonly businessId: number | null;
  readonly sessionId: number;
}

/** What middleware leaves on ctx.state for the handlers after it. */
export interface AppState {
  requestId: string;
  /** Set by the guard of an API that authenticates callers (the API key on /v1/integration). */
  caller?: Caller;
  /** Who the request's changes are made for, as its API's guard knows them (the audit trail's actor). */
  actor?: Actor;
  /** The admin API's caller signed in with a session (issue 23); absent for the admin token, which may do everything. */
  person?: Person;
  /** Set where the admin token is optional (GET /healthz) and was sent and right. */
  admin?: boolean;
  /** The booking page's guard: the client's address as its limits count it (src/auth/client-address.ts). */
  visitor?: string;
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
