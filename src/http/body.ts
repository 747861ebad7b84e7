import coBody from 'co-body';
import type { Middleware } from 'koa';
import { errors } from './errors.ts';

export const BODY_LIMIT = '1mb';
const BODY_LIMIT_TEXT = '1 MiB';

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
    }
    await next();
  };
}
