import type dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Client } from 'undici';
import { nonPublicReason, type Lookup } from '../delivery/targets.ts';
import { VERSION } from '../version.ts';

/** Where every booking-api server says who it is (src/reachability/identity.operations.ts). */
export const IDENTITY_PATH = '/.well-known/booking-api';

/** What asking the public address for the server's identity came to; the step it stopped at. */
export type Reach =
  | { readonly status: 'reachable' }
  /** The address's name does not resolve. */
  | { readonly status: 'not-found' }
  /** It resolves to an address inside a network (private, loopback…): nobody outside gets there, and nothing was sent. */
  | { readonly status: 'inside'; readonly detail: string }
  /** Refused, timed out, cut off: nothing answered. */
  | { readonly status: 'no-answer'; readonly detail: string }
  /** HTTPS that a browser would not accept. */
  | { readonly status: 'certificate'; readonly detail: string }
  /** It answers with a redirect: the public address is not the one clients end up at. */
  | { readonly status: 'redirect'; readonly detail: string }
  /** Something answers, but not this server. */
  | { readonly status: 'other-server'; readonly detail: string };

export interface CheckOptions {
  readonly lookup: Lookup;
  readonly timeoutMs: number;
  /**
   * Loopback addresses count as outside. Only tests set it (their public address is a server on
   * 127.0.0.1); no other non-public address is ever asked, by tests or otherwise.
   */
  readonly allowLoopback: boolean;
  readonly signal?: AbortSignal;
}

const BODY_LIMIT = 4096;

/**
 * Asks `publicUrl` for this server's identity the way a client's browser would reach it: its name
 * looked up, then every address judged by the webhooks' rule (src/delivery/targets.ts), so a name
 * that leads inside the salon's own network is reported as such and never asked; the connection
 * goes only to the addresses judged, and a certificate is checked as a browser checks it.
 */
export async function checkPublicAddress(publicUrl: string, installationId: string, options: CheckOptions): Promise<Reach> {
  const url = new URL(`${publicUrl}${IDENTITY_PATH}`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: dns.LookupAddress[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    const found = await resolve(host, options);
    if (!Array.isArray(found)) return found;
    addresses = found;
  }
  for (const { address } of addresses) {
    const reason = nonPublicReason(address);
    if (reason && !(options.allowLoopback && isLoopback(address))) {
      return { status: 'inside', detail: host === address ? `${address} is ${reason}` : `${host} leads to ${address}, ${reason}` };
    }
  }
  const client = new Client(url.origin, {
    connect: { timeout: options.timeoutMs, lookup: pinned(addresses) },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  const deadline = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])]);
  try {
    const response = await client.request({
      method: 'GET',
      path: url.pathname,
      headers: { accept: 'application/json', 'user-agent': `booking-api/${VERSION} (reachability check)` },
      signal: deadline,
    });
    const text = await readLimited(response.body);
    if (response.statusCode >= 300 && response.statusCode < 400) {
      const location = response.headers.location;
      return {
        status: 'redirect',
        detail: `it sends visitors on to ${Array.isArray(location) ? location[0] : (location ?? 'another address')}`,
      };
    }
    return identityOf(response.statusCode, text, installationId);
  } catch (error) {
    return failure(error, options.timeoutMs);
  } finally {
    await client.destroy().catch(() => {});
  }
}

function identityOf(statusCode: number, text: string, installationId: string): Reach {
  let body: { service?: unknown; instance?: unknown } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (statusCode === 200 && body?.service === 'booking-api') {
    if (body.instance === installationId) return { status: 'reachable' };
    return { status: 'other-server', detail: 'another booking-api server answers there, with other data' };
  }
  return { status: 'other-server', detail: `another program answers there (status ${statusCode})` };
}

function resolve(host: string, options: CheckOptions): Promise<dns.LookupAddress[] | Reach> {
  return new Promise((done) => {
    const timer = setTimeout(
      () => done({ status: 'no-answer', detail: `looking up ${host} took over ${seconds(options.timeoutMs)}` }),
      options.timeoutMs,
    );
    options.lookup(host, { all: true }, (error, list) => {
      clearTimeout(timer);
      if (!error) return done(list as unknown as dns.LookupAddress[]);
      if (error.code === 'ENOTFOUND' || error.code === 'ENODATA') return done({ status: 'not-found' });
      done({ status: 'no-answer', detail: `looking up ${host} failed (${error.code ?? error.message})` });
    });
  });
}

/** A lookup that answers with the addresses already judged: asking DNS again could answer differently. */
function pinned(addresses: readonly dns.LookupAddress[]): Lookup {
  // biome-ignore lint/suspicious/noExplicitAny: dns.lookup's overloads take options and callbacks of several shapes
  const lookup = (_hostname: string, options: any, callback: any) => {
    if (typeof options === 'function') {
      callback = options;
      options = {};
    }
    if (options?.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  return lookup as Lookup;
}

function isLoopback(address: string): boolean {
  return ipaddr.process(address.replace(/%.*$/, '')).range() === 'loopback';
}

async function readLimited(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= BODY_LIMIT) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** What a browser would have made of the same failure, in words the salon's web person acts on. */
const CERTIFICATE_PROBLEMS: Record<string, string> = {
  CERT_HAS_EXPIRED: 'its certificate has expired',
  CERT_NOT_YET_VALID: 'its certificate is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is for another name',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed, which browsers do not accept',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate comes from an authority browsers do not know',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate comes from an authority browsers do not know, or the chain is incomplete',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its certificate comes from an authority browsers do not know, or the chain is incomplete',
};

const CONNECTION_PROBLEMS: Record<string, string> = {
  ECONNREFUSED: 'nothing accepts connections there',
  ECONNRESET: 'the connection was cut off',
  EHOSTUNREACH: 'that address cannot be reached',
  ENETUNREACH: 'that network cannot be reached',
  UND_ERR_SOCKET: 'the connection was closed before an answer came',
  ERR_SSL_WRONG_VERSION_NUMBER: 'it does not speak HTTPS there',
  EPROTO: 'it does not speak HTTPS there',
};

function failure(error: unknown, timeoutMs: number): Reach {
  // Node's errors name themselves by `code`; a DOMException (the deadline's TimeoutError) by `name`.
  const codes = chain(error).flatMap((e) => [(e as { code?: unknown }).code, (e as Error).name].filter((c) => typeof c === 'string'));
  for (const code of codes) {
    const certificate = CERTIFICATE_PROBLEMS[code];
    if (certificate) return { status: 'certificate', detail: certificate };
  }
  if (codes.some((code) => /TIMEOUT/i.test(code))) {
    return { status: 'no-answer', detail: `it did not answer within ${seconds(timeoutMs)}` };
  }
  for (const code of codes) {
    const connection = CONNECTION_PROBLEMS[code];
    if (connection) return { status: 'no-answer', detail: connection };
  }
  return { status: 'no-answer', detail: `the request failed (${(error as Error)?.message ?? String(error)})` };
}

function chain(error: unknown): unknown[] {
  const found: unknown[] = [];
  for (let at = error; at && found.length < 5; at = (at as { cause?: unknown }).cause) found.push(at);
  return found;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
