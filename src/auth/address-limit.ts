import type { Clock } from '../clock.ts';

const MINUTE_MS = 60_000;

/**
 * Requests per minute per client address (a fixed window), counted in this process's memory: the
 * booking page's endpoints answer anyone, so this is their rate limit. Each window forgets the
 * last one, so memory holds only the addresses of the current minute. With several servers on one
 * PostgreSQL database each counts its own share (docs/decisions.md).
 */
export class AddressLimiter {
  readonly #clock: Clock;
  readonly perMinute: number;
  #windowStart = 0;
  #counts = new Map<string, number>();

  constructor(clock: Clock, perMinute: number) {
    this.#clock = clock;
    this.perMinute = perMinute;
  }

  /** Counts one request of `address`; when the minute's limit is reached, how many seconds until it starts over. */
  take(address: string): { admitted: true } | { admitted: false; retryAfter: number } {
    const now = this.#clock.now();
    const windowStart = Math.floor(now / MINUTE_MS) * MINUTE_MS;
    if (windowStart !== this.#windowStart) {
      this.#windowStart = windowStart;
      this.#counts = new Map();
    }
    const count = this.#counts.get(address) ?? 0;
    if (count >= this.perMinute) return { admitted: false, retryAfter: Math.max(1, Math.ceil((windowStart + MINUTE_MS - now) / 1000)) };
    this.#counts.set(address, count + 1);
    return { admitted: true };
  }
}
