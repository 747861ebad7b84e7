/**
 * The retry schedule (spec 8, BOOKING_RETRY_DELAYS): delays[n] seconds before attempt n+1, so
 * the first entry is the delay of the first attempt and the length is the attempt count.
 */
export class RetrySchedule {
  readonly #delaysMs: readonly number[];

  constructor(delaysSeconds: readonly number[]) {
    this.#delaysMs = delaysSeconds.map((s) => Math.round(s * 1000));
  }

  /** Delay before the first attempt. */
  get firstDelayMs(): number {
    return this.#delaysMs[0] ?? 0;
  }

  /**
   * When the attempt after `attemptNumber` is due, or undefined when none is left. A receiver's
   * Retry-After (on 429 or 503) can push it later, but never beyond the longest delay of the schedule.
   */
  nextDueAt(attemptNumber: number, now: number, retryAfterMs?: number): number | undefined {
    const delay = this.#delaysMs[attemptNumber];
    if (delay === undefined) return undefined;
    const longest = Math.max(...this.#delaysMs);
    const requested = retryAfterMs === undefined ? 0 : Math.min(retryAfterMs, longest);
    return now + Math.max(delay, requested);
  }
}

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
