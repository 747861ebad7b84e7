import coBody from 'co-body';
import type { Context } from 'koa';
import { errors } from './errors.ts';

export const BODY_LIMIT = '1mb';
const BODY_LIMIT_TEXT = '1 MiB';
/** Far deeper than any request body of the API; deeper input would only feed recursion a stack overflow. */
const MAX_BODY_DEPTH = 32;

/**
 * Reads a JSON request body (at most 1 MiB); undefined when the request carries none. A body of
 * another type is a 415, broken JSON a 400, an oversized one a 413. Called by the mount for the
 * operations that take a body; a body sent to any other is not read.
 */
export async function parseJsonBody(ctx: Context): Promise<unknown> {
  const headers = ctx.req.headers;
  const hasBody =
    headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');
  if (!hasBody) return undefined;
  if (!ctx.is('application/json', '+json')) throw errors.unsupportedMediaType();
  let body: unknown;
  try {
    // Any well-formed JSON is accepted here; the operation's schema says what shape it must have.
    body = await coBody.json(ctx, { limit: BODY_LIMIT, strict: false });
  } catch (error) {
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') throw errors.payloadTooLarge(BODY_LIMIT_TEXT);
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') throw errors.unsupportedMediaType();
    // Valid JSON that bourne refuses because an object has a "__proto__" member, which would set
    // the prototype of the parsed object wherever it is copied: say so, it is not broken JSON.
    if (error instanceof SyntaxError && /forbidden prototype property/.test(error.message)) {
      throw errors.validation('The request body has a "__proto__" member, which is not accepted in any object. Remove it.', '__proto__');
    }
    throw errors.invalidJson();
  }
  if (deeperThan(body, MAX_BODY_DEPTH)) {
    throw errors.validation(`The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`);
  }
  return body;
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
