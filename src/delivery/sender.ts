import dns from 'node:dns';
import net from 'node:net';
import { STATUS_CODES } from 'node:http';
import { Pool, errors as undiciErrors } from 'undici';
import { VERSION } from '../version.ts';
import { badPortReason, guardedLookup, nonPublicReason, TargetRefusedError, type Lookup } from './targets.ts';
import { deliveryHeaders } from './signing.ts';
import type { PreviousSecret } from './previous-secrets.ts';
import { parseRetryAfter } from './schedule.ts';
import type { Dispatched, Sent } from './attempt.ts';
import type { ClaimedAttempt } from './sql/claim-due-attempts.ts';

export const RESPONSE_EXCERPT_BYTES = 1024;
const USER_AGENT = `booking-api/${VERSION} (webhooks)`;
/** Parsed previous-secret lists and header sets kept (one each per webhook, as a rule). */
const PARSED_LIMIT = 1000;

/** A webhook's target URL as a request needs it. */
interface Target {
  origin: string;
  host: string;
  path: string;
}

export interface SenderOptions {
  timeoutMs: number;
  allowPrivateTargets: boolean;
  /** Connections per receiver origin: at least the sends in flight, or the timeout would include a local wait. */
  connectionsPerOrigin: number;
  lookup?: Lookup;
  now: () => number;
  /** The text a stored (encrypted) secret or header set holds; cached by the caller, called per attempt. */
  openSecret?: (stored: string) => string;
}

/**
 * POSTs signed deliveries. One undici Pool per receiver origin keeps connections alive (measured
 * 1.4x an Agent); redirects are not followed; every connection's addresses pass the SSRF check
 * unless private targets are allowed.
 */
export class Sender {
  readonly #options: SenderOptions;
  readonly #pools = new Map<string, Pool>();
  readonly #lookup: Lookup | undefined;
  /** `webhooks.previous_secrets` as stored → its list, every entry (which are live depends on the time). */
  readonly #previous = new Map<string, readonly PreviousSecret[]>();
  /** A target URL that may be called → where its requests go. */
  readonly #targets = new Map<string, Target>();
  /** `webhooks.custom_headers` as stored (sealed) → the headers. */
  readonly #headers = new Map<string, Readonly<Record<string, string>>>();

  constructor(options: SenderOptions) {
    this.#options = options;
    const resolve = options.lookup ?? dns.lookup;
    this.#lookup = options.allowPrivateTargets ? options.lookup : guardedLookup(resolve);
  }

  /** Sends one claimed attempt. Never throws: a failure on the way is an answer too. */
  async send(attempt: ClaimedAttempt): Promise<Dispatched> {
    const sentAt = this.#options.now();
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let url: Target;
    try {
      url = this.#target(attempt.targetUrl);
    } catch (error) {
      return failure(attempt, sentAt, elapsed(), describeError(error, attempt.targetUrl, this.#options.timeoutMs));
    }
    let headers: Record<string, string>;
    try {
      headers = deliveryHeaders({ ...attempt, ...this.#credentials(attempt, sentAt), sentAt, userAgent: USER_AGENT });
    } catch {
      // Nothing went out: not the receiver's failure, so it must not count towards switching it off.
      return { kind: 'not-sent', attempt, reason: "not sent: the webhook secret cannot be decrypted with this server's secrets key" };
    }
    // Not AbortSignal.timeout(): its timer and signal live the whole 10 s after the answer came,
    // so thousands of finished sends a second kept ~50 000 of them alive (the backlog's peak RSS).
    const deadline = new AbortController();
    const signal = deadline.signal;
    const timer = setTimeout(() => deadline.abort(), this.#options.timeoutMs);
    try {
      const response = await this.#pool(url.origin).request({
        method: 'POST',
        path: url.path,
        headers,
        body: attempt.body,
        signal,
      });
      const excerpt = await readExcerpt(response.body);
      const statusCode = response.statusCode;
      const ok = statusCode >= 200 && statusCode < 300;
      const retryAfterHeader = response.headers['retry-after'];
      const retryAfterMs =
        statusCode === 429 || statusCode === 503
          ? parseRetryAfter(Array.isArray(retryAfterHeader) ? retryAfterHeader[0] : retryAfterHeader, this.#options.now())
          : undefined;
      return {
        kind: 'sent',
        attempt,
        ok,
        sentAt,
        statusCode,
        responseTimeMs: elapsed(),
        errorMessage: ok ? null : statusMessage(statusCode),
        responseExcerpt: excerpt,
        retryAfterMs,
      };
    } catch (error) {
      return failure(attempt, sentAt, elapsed(), describeError(error, url.host, this.#options.timeoutMs, signal));
    } finally {
      clearTimeout(timer);
    }
  }

  /** What the stored (sealed) secrets and headers hold: the secrets valid at `sentAt`, the headers. */
  #credentials(attempt: ClaimedAttempt, sentAt: number) {
    const open = this.#options.openSecret ?? ((stored: string) => stored);
    const previous =
      attempt.previousSecrets === null
        ? []
        : this.#read(this.#previous, attempt.previousSecrets, (text) => JSON.parse(text) as PreviousSecret[]);
    return {
      secret: open(attempt.secret),
      previousSecrets: previous.filter((p) => p.expiresAt > sentAt).map((p) => open(p.secret)),
      custom:
        attempt.customHeaders === null
          ? undefined
          : this.#read(this.#headers, attempt.customHeaders, (stored) => Object.freeze(JSON.parse(open(stored)) as Record<string, string>)),
    };
  }

  /**
   * `stored`, as `make` reads it, from `cache`: a webhook's previous secrets and its headers are the
   * same text on every attempt, so each is parsed (and its headers opened) once, not per attempt.
   * Keyed by the stored text, so a rotation or an edit of the headers is a new entry; a map that
   * grows past its bound starts again.
   */
  #read<T>(cache: Map<string, T>, stored: string, make: (stored: string) => T): T {
    let value = cache.get(stored);
    if (value === undefined) {
      if (cache.size >= PARSED_LIMIT) cache.clear();
      value = make(stored);
      cache.set(stored, value);
    }
    return value;
  }

  async close(): Promise<void> {
    const pools = [...this.#pools.values()];
    this.#pools.clear();
    await Promise.allSettled(pools.map((pool) => pool.destroy()));
  }

  #pool(origin: string): Pool {
    let pool = this.#pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: this.#options.connectionsPerOrigin,
        allowH2: false,
        keepAliveTimeout: 10_000,
        headersTimeout: this.#options.timeoutMs,
        bodyTimeout: this.#options.timeoutMs,
        connect: { timeout: this.#options.timeoutMs, ...(this.#lookup ? { lookup: this.#lookup } : {}) },
      });
      this.#pools.set(origin, pool);
    }
    return pool;
  }

  /** Where `targetUrl` sends to, once it passed #refuseTarget: the same for every attempt to a webhook, so kept. */
  #target(targetUrl: string): Target {
    let target = this.#targets.get(targetUrl);
    if (target === undefined) {
      const url = new URL(targetUrl);
      this.#refuseTarget(url);
      target = { origin: url.origin, host: url.host, path: url.pathname + url.search };
      if (this.#targets.size >= PARSED_LIMIT) this.#targets.clear();
      this.#targets.set(targetUrl, target);
    }
    return target;
  }

  /** The port, whatever the host; and hosts given as IP literals, which never go through lookup. */
  #refuseTarget(url: URL): void {
    const portReason = badPortReason(url);
    if (portReason) throw new TargetRefusedError(portReason, { privateAddress: false });
    if (this.#options.allowPrivateTargets) return;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host)) {
      const reason = nonPublicReason(host);
      if (reason) throw new TargetRefusedError(`${host} is ${reason}`);
    }
  }
}

/** An attempt that got no answer: refused connection, timeout, a target that may not be called. */
export function failure(attempt: ClaimedAttempt, sentAt: number, responseTimeMs: number, errorMessage: string): Sent {
  const sentence = errorMessage.replaceAll('\u0000', '\uFFFD');
  return { kind: 'sent', attempt, ok: false, sentAt, statusCode: null, responseTimeMs, errorMessage: sentence, responseExcerpt: null };
}

function statusMessage(statusCode: number): string {
  const text = STATUS_CODES[statusCode] ?? 'Unknown';
  if (statusCode >= 300 && statusCode < 400) {
    return `receiver answered ${statusCode} ${text}; redirects are not followed, register the final URL`;
  }
  return `receiver answered ${statusCode} ${text}`;
}

/**
 * At most the first 1 KiB of the body; a longer body is cut off instead of being downloaded. A NUL
 * byte becomes U+FFFD, as an undecodable byte does: PostgreSQL's text holds no NUL, and one from a
 * receiver's binary answer must not stop the recording of results.
 */
async function readExcerpt(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= RESPONSE_EXCERPT_BYTES) {
      body.destroy();
      break;
    }
  }
  if (size === 0) return null;
  return Buffer.concat(chunks)
    .subarray(0, RESPONSE_EXCERPT_BYTES)
    .toString('utf8')
    .replace(/\uFFFD+$/, '')
    .replaceAll('\u0000', '\uFFFD');
}

function refusal(error: TargetRefusedError): string {
  return `not sent: ${error.message}${error.privateAddress ? '; private targets are not allowed' : ''}`;
}

/** A sentence a salon owner and an integrator can both act on, never a stack. */
function describeError(error: unknown, host: string, timeoutMs: number, signal?: AbortSignal): string {
  if (signal?.aborted || error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
    return `timed out: no complete answer within ${timeoutMs} ms`;
  }
  if (error instanceof undiciErrors.ConnectTimeoutError) return `timed out connecting to ${host} after ${timeoutMs} ms`;
  if (error instanceof TargetRefusedError) return refusal(error);
  if (error instanceof undiciErrors.HTTPParserError) {
    // undici loses llhttp's error code (it is often undefined); the parser's reason is in the message.
    const reason = /\((.+)\)$/.exec(error.message)?.[1] ?? (error as { code?: string }).code ?? 'not HTTP/1.1';
    return `invalid HTTP answer from ${host} (${reason})`;
  }
  const err = error as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const cause = err.cause ?? err;
  const code = cause.code ?? err.code ?? '';
  if (cause instanceof TargetRefusedError) return refusal(cause);
  switch (code) {
    case 'ECONNREFUSED':
      return `connection refused by ${host}`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host ${host.replace(/:\d+$/, '')} not found (DNS ${code})`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return `connection reset by ${host} before a complete answer`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${host} is unreachable (${code})`;
    case 'HPE_INVALID_CONSTANT':
    case 'HPE_INVALID_STATUS':
    case 'HPE_INVALID_HEADER_TOKEN':
    case 'UND_ERR_INFO':
      return `invalid HTTP answer from ${host} (${code})`;
  }
  if (/^(CERT_|ERR_TLS_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_SSL)/.test(code)) {
    return `TLS certificate of ${host} not accepted (${code})`;
  }
  if (code.startsWith('HPE_')) return `invalid HTTP answer from ${host} (${code})`;
  return `request to ${host} failed: ${cause.message ?? String(error)}`;
}
