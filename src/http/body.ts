import coBody from 'co-body';
import type { Middleware } from 'koa';
import { errors } from './errors.ts';

export const BODY_LIMIT = '1mb';
const BODY_LIMIT_TEXT = '1 MiB';
/** Far deeper than any request body of the API; deeper input would only feed recursion a stack overflow. */
const MAX_BODY_DEPTH = 32;

/**
 * Parses a JSON request body into ctx.request.body (at most 1 MiB). A body of another type is a
 * 415, broken JSON a 400, an oversized one a 413; a request without a body leaves it undefined.
 */
export function jsonBody(): Middleware {
  return async (ctx, next) => {
    const headers = ctx.req.headers;
    const hasBody =
      headers['transfer-encoding'] !== undefined ||
      (headers['content-length'] !== undefined && headers['content-length'] !== '0');
    if (hasBody) {
      if (!ctx.is('application/json', '+json')) throw errors.unsupportedMediaType();
      try {
        // Any well-formed JSON is accepted here; the route's schema says what shape it must have.
        ctx.request.body = await coBody.json(ctx, { limit: BODY_LIMIT, strict: false });
      } catch (error) {
        const type = (error as { type?: string }).type;
        if (type === 'entity.too.large') throw errors.payloadTooLarge(BODY_LIMIT_TEXT);
        if (type === 'encoding.unsupported' || type === 'charset.unsupported') throw errors.unsupportedMediaType();
        throw errors.invalidJson();
      }
      if (deeperThan(ctx.request.body, MAX_BODY_DEPTH)) {
        throw errors.validation(`The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`);
      }
    }
    await next();
  };
}

/** True when objects and arrays in `value` nest deeper than `limit`; walked without recursion. */
function deeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}
