import type { JSONSchema } from 'json-schema-to-ts';
import type { Middleware } from 'koa';
import { match, type MatchFunction } from 'path-to-regexp';
import type { Database } from '../db/database.ts';
import type { Tx } from '../db/transaction.ts';
import { type Actor, bindWriter, SYSTEM } from '../db/writer.ts';
import { parseJsonBody } from './body.ts';
import { errors } from './errors.ts';
import type { AppState, Ctx } from './state.ts';
import { type Parser, parserOf, type Valid } from './validate.ts';

/**
 * One operation of an HTTP API, declared once: the mount routes, authorises and validates by it,
 * and the OpenAPI document is generated from it. Adding an endpoint is adding one of these to a
 * table (docs/architecture.md).
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request body's or query's JSON Schema, a module of schema/ (or an object `as const`). */
export type Schema = JSONSchema & object;

/**
 * What a handler receives of a body or query declared with the schema `S`: the type read from `S`
 * itself, undefined without a schema (or for an optional body left out). For `any` (an operation
 * in a table, whose input nothing reads by type) it stays `any`.
 */
type ValidInput<S, Optional = false> = 0 extends 1 & S
  ? // biome-ignore lint/suspicious/noExplicitAny: see above
    any
  : S extends Schema
    ? Valid<S> | (Optional extends true ? undefined : never)
    : undefined;

/** A path parameter: how its text becomes a value, and what a text that names nothing is a 404 of. */
// biome-ignore lint/suspicious/noExplicitAny: a parameter that checks nothing against the app fits any app
export interface Param<T, App = any> {
  /** The noun of the 404 ("Service not found."). */
  readonly what: string;
  /** The value, or undefined for a text that cannot name anything (a 404). */
  parse(text: string): T | undefined;
  /** OpenAPI schema of the parameter. */
  readonly schema: object;
  /** Whether the value names something that exists (a 404 otherwise), checked before the body is read. */
  exists?(value: T, app: App): Promise<boolean>;
  /** A credential (a calendar feed's token): the request log shows the parameter's name, never its text. */
  readonly secret?: boolean;
}

/** `param`, also checked to exist: `existing(idOf('Business'), (id, app) => …)`. */
export function existing<T, App>(param: Param<T>, exists: (value: T, app: App) => Promise<boolean>): Param<T, App> {
  return { ...param, exists };
}

/** A positive integer id; "abc", "0" and "-1" name nothing that exists. */
export function idOf(what: string): Param<number> {
  return {
    what,
    parse: (text) => (/^[1-9]\d{0,14}$/.test(text) ? Number(text) : undefined),
    schema: { type: 'integer', minimum: 1 },
  };
}

/** A text id matching `pattern` (e.g. a delivery id `whdel_…`); `secret` for a credential. */
export function textOf(what: string, pattern: RegExp, options: { secret?: boolean } = {}): Param<string> {
  return {
    what,
    parse: (text) => (pattern.test(text) ? text : undefined),
    schema: { type: 'string', pattern: pattern.source },
    ...(options.secret ? { secret: true } : {}),
  };
}

/** Where a path carries a credential: everything after `prefix` is the secret parameter `name`. */
export interface SecretPath {
  readonly prefix: string;
  readonly name: string;
}

/**
 * The paths of `operations` (under the API's `prefix`) whose parameter is a secret, for the request
 * log: `/v1/integration/calendar/` for `/calendar/:token`.
 */
export function secretPathsOf(prefix: string, operations: readonly Operation[]): SecretPath[] {
  const found: SecretPath[] = [];
  for (const op of operations) {
    for (const [name, param] of Object.entries((op.params ?? {}) as Record<string, Param<unknown>>)) {
      const at = op.path.indexOf(`:${name}`);
      if (param.secret && at >= 0) found.push({ prefix: `${prefix}${op.path.slice(0, at)}`, name });
    }
  }
  return found;
}

type Values<P> = { [K in keyof P]: P[K] extends Param<infer T> ? T : never };

/** What a handler receives: path parameters, query and body, already parsed and validated. */
export interface Input<P, Q, B, R = undefined, K = undefined> {
  readonly params: Values<P>;
  readonly query: Q;
  readonly body: B;
  /** Who calls, as the API's guard let them in (the API key on /v1/integration; undefined elsewhere). */
  readonly key: K;
  readonly ctx: Ctx;
  /**
   * The transaction the mount opened for a `write` operation (undefined on the others): every
   * read and write of the handler goes through it, and the answer is sent once it has committed.
   */
  readonly trx: Tx;
  /** What `prepare` found, outside the transaction. */
  readonly prepared: R;
}

/** An answer other than the operation's usual success status, or one with extra headers. */
export class Reply {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, body: unknown, headers: Readonly<Record<string, string>> = {}) {
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** How a status is documented: its reason, and (for successes) the schema in schema/responses.json. */
export interface Answer {
  readonly status: number;
  /** A `$defs` entry of schema/responses.json; absent for an empty answer. */
  readonly schema?: string;
  /** An answer that is not JSON (a CSV file): its media type, its body a text. */
  readonly mediaType?: string;
  readonly description?: string;
  /** Headers of this answer besides the ones every answer carries, as components of the document. */
  readonly headers?: readonly string[];
}

/**
 * `App` is what the handler uses of the application (a feature states the narrow part it needs;
 * the whole context is assembled on top), `K` the caller its API's guard lets in.
 */
export interface OperationSpec<
  // The variances are declared, not left to the compiler to measure: measuring them would turn
  // every JSON Schema there could be into a type (Valid<Q>), and it gives up.
  in App,
  in K,
  in out P extends Record<string, Param<unknown, App>>,
  in out Q extends Schema | undefined,
  in out B extends Schema | undefined,
  in out R = undefined,
  in out O extends boolean = false,
> {
  readonly operationId: string;
  readonly method: Method;
  /** Koa-style path below the API's prefix: `/webhooks/:id`. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  /** Section of the document; by default the first segment of the path. */
  readonly tag?: string;
  /** What the caller must be allowed (a scope of the integration API's key), 403 otherwise. */
  readonly scope?: string;
  /**
   * Who of the back office's people may call it (the admin API; src/auth/roles.ts): `owner`
   * (the default), `desk` (owners and the front desk), `team` (everyone signed in), or a stylist's
   * own things as well: `{ own, why }`, where `own` says whether the parameters name the stylist's
   * own (their booking, their time off) and `why` is the sentence when they do not.
   */
  readonly access?: Access<App>;
  /** Answered without any credential (the API's own document). */
  readonly public?: boolean;
  readonly params?: P;
  /** The query's schema: the mount validates the query by it, the handler receives its type. */
  readonly query?: Q;
  /** The body's schema, likewise. */
  readonly body?: B;
  /** The body may be left out altogether (it is then `undefined`). */
  readonly bodyOptional?: O;
  /** Accepts an `Idempotency-Key` header. */
  readonly idempotent?: boolean;
  /**
   * Changes data: the mount runs `handle` in one transaction (`input.trx`) and answers after
   * the commit. Services never open one themselves.
   */
  readonly write?: boolean;
  /**
   * Who a `write` operation's changes are made for, when no guard says it (a public operation:
   * the client's manage link); otherwise the guard's `ctx.state.actor`, or the system.
   */
  readonly actor?: Actor;
  /**
   * Work that must not hold the transaction open (a DNS check of a webhook target), run before
   * it; its result is `input.prepared`. Transactions are group-committed, so a slow step inside
   * one would delay every other request's commit.
   */
  readonly prepare?: (input: Input<P, ValidInput<Q>, ValidInput<B, O>, undefined, K>, app: App) => Promise<R>;
  /** The usual answer. */
  readonly success: Answer;
  /** Further answers this operation gives besides the ones its API gives to every request. */
  readonly errors?: readonly (number | Answer)[];
  readonly handle: (input: Input<P, ValidInput<Q>, ValidInput<B, O>, R, K>, app: App) => unknown;
}

/** A stylist's own things: whether the request's parameters name them (src/auth/roles.ts). */
export interface OwnAccess<App> {
  readonly own: (
    request: { readonly params: Record<string, unknown>; readonly query: Record<string, unknown> },
    app: App,
    staffId: number,
  ) => Promise<boolean> | boolean;
  /** Why a stylist is refused something that is not theirs: "A stylist sees only their own bookings." */
  readonly why: string;
}

export type Access<App> = 'owner' | 'desk' | 'team' | OwnAccess<App>;

/** An operation of a table, for an app that has at least what the operation uses. */
// biome-ignore lint/suspicious/noExplicitAny: the table holds operations of every input and answer type
export type Operation<App = any> = OperationSpec<App, any, any, any, any, any, any>;

/**
 * The `operation()` of a feature's table: `const operation = operations<StaffDeps>()`, or with the
 * caller and scope types of an API (`integrationOperations()` in src/auth/integration-auth.ts). The types of an
 * operation's parameters, and of its query and body as its schemas say (`Valid`), flow into its
 * `handle`: a schema and its handler (and the service it calls) cannot disagree unnoticed.
 */
export function operations<App, K = undefined, S extends string = string>() {
  return <
    // biome-ignore lint/complexity/noBannedTypes: {} is "no path parameters", the default of an operation without any
    P extends Record<string, Param<unknown, App>> = {},
    Q extends Schema | undefined = undefined,
    B extends Schema | undefined = undefined,
    R = undefined,
    O extends boolean = false,
  >(
    spec: OperationSpec<App, K, P, Q, B, R, O> & { readonly scope?: S },
  ): Operation<App> => spec;
}

// ---------------------------------------------------------------------------------------------
// The mount

interface Compiled {
  readonly op: Operation;
  readonly params: [string, Param<unknown>][];
  readonly query?: Parser<unknown>;
  readonly body?: Parser<unknown>;
}

interface PathEntry {
  readonly matcher: MatchFunction<Record<string, string>>;
  readonly methods: Map<string, Compiled>;
  /** The Allow header for this path: HEAD beside GET, in declaration order. */
  readonly allow: string[];
}

/** The methods a router answers at all; any other is refused with 405 wherever it is sent. */
const KNOWN_METHODS = new Set(['HEAD', 'OPTIONS', 'GET', 'PUT', 'PATCH', 'POST', 'DELETE']);

export interface MountOptions {
  /** Path prefix of the API, e.g. /v1/integration. */
  readonly prefix: string;
  /** Runs before every non-public operation and before any unknown path is refused (authentication). */
  readonly guard?: Middleware<AppState>;
  /** After the guard, whether its caller may call `op`: before its parameters are looked up, and after (authorisation). */
  readonly authorize?: Authorize;
}

/** The roles' check (src/auth/roles.ts): `params` undefined before they are parsed, then with them. */
export type Authorize = (
  ctx: Ctx,
  op: Operation,
  params: Record<string, unknown> | undefined,
  // biome-ignore lint/suspicious/noExplicitAny: the app of the mount the check runs in
  app: any,
) => Promise<void> | void;

/**
 * The one entry of an API: finds the operation (a Map lookup for paths without parameters, a
 * path-to-regexp match otherwise), runs the guard, then checks scope, parameters, body and query,
 * calls the handler and writes its answer. 404 for an unknown path, 405 with `Allow` for a
 * known path and another method (OPTIONS answered with `Allow`), like @koa/router's
 * allowedMethods before it.
 */
export function mount<App extends { readonly database: Database; readonly clock: { now(): number } }>(
  app: App,
  table: readonly Operation<App>[],
  options: MountOptions,
): Middleware<AppState> {
  const { prefix, guard, authorize } = options;
  const exact = new Map<string, PathEntry>();
  const entries: PathEntry[] = [];
  const byPath = new Map<string, PathEntry>();
  for (const op of table) {
    let entry = byPath.get(op.path);
    if (!entry) {
      const full = `${prefix}${op.path}`;
      entry = { matcher: match(full, { decode: safeDecode, sensitive: false, trailing: true, end: true }), methods: new Map(), allow: [] };
      byPath.set(op.path, entry);
      entries.push(entry);
      if (!op.path.includes(':')) exact.set(full, entry);
    }
    if (entry.methods.has(op.method)) throw new Error(`${op.method} ${op.path} is declared twice`);
    entry.methods.set(op.method, compile(op));
    if (op.method === 'GET') entry.allow.push('HEAD');
    entry.allow.push(op.method);
  }

  /**
   * The operation for `method` at `path` and the methods the path allows. Like @koa/router, every
   * declared path that matches counts (`/webhooks/events` also matches `/webhooks/:id`): the first
   * one with the method answers, and Allow lists the methods of all of them.
   */
  const find = (path: string, method: string): { compiled?: Compiled; raw: Record<string, string>; allow?: string[] } => {
    const hit = exact.get(path);
    const direct = hit?.methods.get(method);
    if (direct) return { compiled: direct, raw: {} };
    let compiled: Compiled | undefined;
    let raw: Record<string, string> = {};
    let allow: string[] | undefined;
    for (const entry of entries) {
      const found = entry === hit ? { params: {} } : entry.matcher(path);
      if (!found) continue;
      allow = allow ? [...new Set([...allow, ...entry.allow])] : entry.allow;
      if (!compiled) {
        compiled = entry.methods.get(method);
        raw = found.params;
      }
    }
    return { compiled, raw, allow };
  };

  const run = async (ctx: Ctx, compiled: Compiled, raw: Record<string, string>) => {
    const { op } = compiled;
    if (op.scope && !ctx.state.caller?.scopes.has(op.scope)) throw errors.insufficientScope(op.scope);
    if (authorize && !op.public) await authorize(ctx, op, undefined, app);
    const params: Record<string, unknown> = {};
    for (const [name, param] of compiled.params) {
      const value = param.parse(raw[name] ?? '');
      if (value === undefined || (param.exists && !(await param.exists(value, app)))) throw errors.notFound(param.what);
      params[name] = value;
    }
    if (authorize && !op.public) await authorize(ctx, op, params, app);
    let body: unknown;
    if (compiled.body) {
      body = await parseJsonBody(ctx);
      ctx.request.body = body;
      body = body === undefined && op.bodyOptional ? undefined : compiled.body(body);
    }
    const query = compiled.query ? compiled.query(ctx.query) : undefined;
    const input = { params, query, body, key: ctx.state.caller, ctx, trx: undefined as unknown as Tx, prepared: undefined as unknown };
    if (op.prepare) input.prepared = await op.prepare(input as Input<unknown, unknown, unknown, undefined, unknown>, app);
    const result = op.write
      ? await app.database.transaction((trx) => {
          const actor = op.actor ?? ctx.state.actor ?? SYSTEM;
          bindWriter(trx, { actor, requestId: ctx.state.requestId, address: ctx.ip, at: app.clock.now() });
          return Promise.resolve(op.handle({ ...input, trx }, app));
        })
      : await op.handle(input, app);
    if (result instanceof Reply) {
      ctx.status = result.status;
      ctx.set(result.headers as Record<string, string>);
      ctx.body = result.body;
      return;
    }
    ctx.status = op.success.status;
    if (result !== undefined) ctx.body = result;
  };

  return async (ctx, next) => {
    const path = ctx.path;
    if (path !== prefix && !path.startsWith(`${prefix}/`)) return next();
    const method = ctx.method;
    const { compiled, raw, allow } = find(path, method === 'HEAD' ? 'GET' : method);
    if (compiled?.op.public) return run(ctx as Ctx, compiled, raw);
    const answer = async () => {
      if (compiled) return run(ctx as Ctx, compiled, raw);
      if (!KNOWN_METHODS.has(method)) throw errors.methodNotAllowed(allow ?? []);
      if (!allow) throw errors.routeNotFound(method, path);
      if (method === 'OPTIONS') {
        ctx.set('Allow', allow.join(', '));
        ctx.status = 200;
        ctx.body = '';
        return;
      }
      throw errors.methodNotAllowed(allow);
    };
    if (guard) await guard(ctx, answer);
    else await answer();
  };
}

function compile(op: Operation): Compiled {
  const names = [...op.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = names.map((name): [string, Param<unknown>] => {
    const param = (op.params as Record<string, Param<unknown>> | undefined)?.[name];
    if (!param) throw new Error(`${op.method} ${op.path}: the parameter :${name} is not declared`);
    return [name, param];
  });
  return {
    op,
    params,
    query: op.query ? parserOf(op.query, 'query') : undefined,
    body: op.body ? parserOf(op.body, 'body') : undefined,
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
