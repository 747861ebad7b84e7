import { errors } from '../http/errors.ts';

/** A webhook's own headers, sent with every delivery (a CRM's `Authorization: Bearer …`): name → value. */
export type CustomHeaders = Readonly<Record<string, string>>;

/** How many headers a webhook may have, and how large they may be together (names and values, UTF-8). */
export const MAX_CUSTOM_HEADERS = 20;
export const MAX_CUSTOM_HEADER_BYTES = 4096;

/** An HTTP field name (RFC 9110's token). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Headers a webhook may not set, and why: what the server must say itself for the request to be
 * what it is (its host, length, type and signatures), and what belongs to one connection only.
 */
const REFUSED: ReadonlyMap<string, string> = new Map([
  ['host', 'the server sets it from the target URL'],
  ['content-length', 'the server sets it from the body'],
  ['content-type', 'every delivery is application/json'],
  ['content-encoding', 'the body is sent as it is'],
  ['transfer-encoding', 'a hop-by-hop header, for one connection only'],
  ['connection', 'a hop-by-hop header, for one connection only'],
  ['keep-alive', 'a hop-by-hop header, for one connection only'],
  ['proxy-connection', 'a hop-by-hop header, for one connection only'],
  ['proxy-authenticate', 'a hop-by-hop header, for one connection only'],
  ['proxy-authorization', 'a hop-by-hop header, for one connection only'],
  ['te', 'a hop-by-hop header, for one connection only'],
  ['trailer', 'a hop-by-hop header, for one connection only'],
  ['upgrade', 'a hop-by-hop header, for one connection only'],
  ['expect', 'the server sends the body at once'],
  ['user-agent', 'the server names itself in it'],
]);

/** Why a header name is refused, or undefined when a webhook may set it. */
export function refusedHeaderReason(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (!TOKEN.test(name)) return "is not a valid header name (letters, digits and !#$%&'*+.^_`|~- only)";
  const reason = REFUSED.get(lower);
  if (reason) return `cannot be set: ${reason}`;
  if (lower.startsWith('webhook-') || lower.startsWith('x-webhook-')) {
    return 'cannot be set: webhook-* and X-Webhook-* headers carry the delivery id, time and signatures';
  }
  return undefined;
}

/**
 * `current` with `changes` applied: a value sets a header (replacing one of the same name in any
 * case), null removes it. Throws a 400 naming the header for a refused name, and when the result
 * has more than MAX_CUSTOM_HEADERS headers or MAX_CUSTOM_HEADER_BYTES bytes.
 */
export function mergeCustomHeaders(current: CustomHeaders, changes: Readonly<Record<string, string | null>>): CustomHeaders {
  const merged = new Map(Object.entries(current).map(([name, value]) => [name.toLowerCase(), [name, value] as const]));
  for (const [name, value] of Object.entries(changes)) {
    const reason = refusedHeaderReason(name);
    if (reason) throw errors.validation(`The header "${name}" ${reason}.`, `headers.${name}`);
    merged.delete(name.toLowerCase());
    if (value !== null) merged.set(name.toLowerCase(), [name, value]);
  }
  if (merged.size > MAX_CUSTOM_HEADERS) {
    throw errors.validation(`A webhook has at most ${MAX_CUSTOM_HEADERS} headers of its own.`, 'headers');
  }
  const result = Object.fromEntries(merged.values());
  const bytes = Object.entries(result).reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + Buffer.byteLength(value), 0);
  if (bytes > MAX_CUSTOM_HEADER_BYTES) {
    throw errors.validation(
      `A webhook's own headers hold at most ${MAX_CUSTOM_HEADER_BYTES} bytes together (names and values).`,
      'headers',
    );
  }
  return result;
}

/** A header's value as answers show it: never whole; its last 4 characters when it is long enough that they give nothing away. */
export function maskedHeaderValue(value: string): string {
  return value.length >= 16 ? `••••••••${value.slice(-4)}` : '••••••••';
}

/** Every header with its value masked. */
export function maskedHeaders(headers: CustomHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, maskedHeaderValue(value)]));
}
