import { HttpError } from 'koa';
import type { Middleware } from 'koa';
import { storageFailureOf } from '../db/errors.ts';
import type { Ids } from '../ids.ts';
import type { Logger } from '../log.ts';
import { AppError, errorBody, errors } from './errors.ts';
import type { SecretPath } from './operations.ts';
import type { AppState } from './state.ts';

const INCOMING_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Outermost middleware: gives every request an id (X-Request-Id, echoed from the client when it is
 * well-formed), renders every error as one JSON shape, and logs one line per request. Keys, tokens
 * and bodies are never logged: a path under one of `secretPaths` is logged with the parameter's
 * name in place of what follows (`/v1/integration/calendar/:token`), and the handler adds the id
 * of what the secret named (`calendarFeedId`).
 */
export function requestContext(deps: { logger: Logger; ids: Ids; secretPaths?: readonly SecretPath[] }): Middleware<AppState> {
  const secretPaths = (deps.secretPaths ?? []).map(({ prefix, name }) => ({ prefix: prefix.toLowerCase(), logged: `${prefix}:${name}` }));
  /** The path as the log shows it. Compared decoded and in any case, as the router may match it. */
  const loggedPath = (path: string): string => {
    if (secretPaths.length === 0) return path;
    const plain = safeDecode(path).toLowerCase();
    return secretPaths.find(({ prefix }) => plain.startsWith(prefix))?.logged ?? path;
  };
  return async (ctx, next) => {
    const started = performance.now();
    const incoming = ctx.get('x-request-id');
    const requestId = INCOMING_REQUEST_ID.test(incoming) ? incoming : deps.ids.requestId();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
      if (ctx.body === undefined || ctx.body === null) throwForEmptyStatus(ctx.status, ctx.method, ctx.path, ctx.response.get('Allow'));
    } catch (error) {
      const appError = toAppError(error);
      if (appError.status >= 500 && appError.code === 'internal_error') {
        deps.logger.error({ requestId, err: error }, 'request failed');
      }
      ctx.status = appError.status;
      ctx.set(appError.headers as Record<string, string>);
      ctx.body = { ...errorBody(appError.status, appError.code, appError.message), ...appError.extra, requestId };
    }
    // Built only when written: the object costs more than the rest of a cached answer's logging.
    if (deps.logger.isLevelEnabled('info')) {
      deps.logger.info({
        requestId,
        method: ctx.method,
        path: loggedPath(ctx.path),
        ip: ctx.ip,
        status: ctx.status,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
        apiKeyId: ctx.state.caller?.id,
        ...ctx.state.logged,
      });
    }
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The router leaves 404, 405 and 501 without a body; they get the same JSON shape as every error. */
function throwForEmptyStatus(status: number, method: string, path: string, allow: string): void {
  if (status === 404) throw errors.routeNotFound(method, path);
  if (status === 405 || status === 501) throw errors.methodNotAllowed(allow ? allow.split(/,\s*/) : []);
}

/** Maps anything thrown to the error a client sees; unknown errors become a generic 500. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const storage = storageFailureOf(error);
  if (storage === 'full') return errors.storageFull();
  if (storage === 'busy') return errors.storageBusy();
  if (storage === 'readonly') return errors.storageReadOnly();
  if (storage === 'unavailable') return errors.storageUnavailable();
  if (error instanceof HttpError && error.status < 500 && error.expose) {
    if (error.status === 404) return errors.notFound();
    return new AppError(error.status, 'bad_request', error.message);
  }
  return errors.internal();
}
