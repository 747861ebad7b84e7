import type { ServerResponse } from 'node:http';
import { Batch } from '../batch.ts';
import { utcDay, type Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { deleteDayCountsBefore, loadDayCount, recordKeyUsage, saveDayCounts } from './keys.repository.ts';
import { takeSharedWindows } from './rate-windows.repository.ts';
import { AppError } from '../http/errors.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface Window {
  readonly limit: number;
  readonly remaining: number;
  /** Unix ms when the window starts over. */
  readonly resetAt: number;
}

export interface RateDecision {
  readonly minute: Window;
  readonly day: Window;
  /** Which window refused the request; undefined when it was admitted. */
  readonly exceeded?: 'minute' | 'day';
}

interface KeyCounters {
  minuteStart: number;
  minuteCount: number;
  /** Start of the UTC day counted, Unix ms. */
  dayStart: number;
  dayCount: number;
  lastUsedAt: number;
}

/**
 * Fixed windows per key: the minute and the UTC day (DESIGN.md). Refused requests do not count.
 * - The only server on its database (`Database.exclusive`): counting happens in memory, so a
 *   check costs no disk write and is exact under concurrency in this single process; the day
 *   counts reach the database on `flush()` (every few seconds and at shutdown), so the daily
 *   count survives a restart.
 * - One of several servers: every check is one atomic upsert of the key's windows in the
 *   database (`takeSharedWindows`), so the limits hold whichever server answers.
 * lastUsedAt is kept in memory and written on `flush()` either way.
 */
export class RateLimiter {
  readonly #database: Database;
  readonly #clock: Clock;
  readonly perMinute: number;
  readonly perDay: number;
  readonly #counters = new Map<number, KeyCounters>();
  readonly #loading = new Map<number, Promise<KeyCounters>>();
  /** Keys used since the last flush. */
  readonly #dirty = new Batch<number>({ unique: true });

  constructor(database: Database, clock: Clock, limits: { perMinute: number; perDay: number }) {
    this.#database = database;
    this.#clock = clock;
    this.perMinute = limits.perMinute;
    this.perDay = limits.perDay;
  }

  async take(apiKeyId: number): Promise<RateDecision> {
    if (!this.#database.exclusive) return this.#takeShared(apiKeyId);
    const counters = this.#counters.get(apiKeyId) ?? (await this.#load(apiKeyId));
    const now = this.#clock.now();
    const minuteStart = Math.floor(now / MINUTE_MS) * MINUTE_MS;
    const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
    if (counters.minuteStart !== minuteStart) {
      counters.minuteStart = minuteStart;
      counters.minuteCount = 0;
    }
    if (counters.dayStart !== dayStart) {
      counters.dayStart = dayStart;
      counters.dayCount = 0;
    }
    let exceeded: 'minute' | 'day' | undefined;
    if (counters.minuteCount >= this.perMinute) exceeded = 'minute';
    else if (counters.dayCount >= this.perDay) exceeded = 'day';
    else {
      counters.minuteCount += 1;
      counters.dayCount += 1;
      counters.lastUsedAt = now;
      this.#dirty.add(apiKeyId);
    }
    return {
      minute: {
        limit: this.perMinute,
        remaining: Math.max(0, this.perMinute - counters.minuteCount),
        resetAt: minuteStart + MINUTE_MS,
      },
      day: { limit: this.perDay, remaining: Math.max(0, this.perDay - counters.dayCount), resetAt: dayStart + DAY_MS },
      exceeded,
    };
  }

  async #takeShared(apiKeyId: number): Promise<RateDecision> {
    const now = this.#clock.now();
    const minuteStart = Math.floor(now / MINUTE_MS) * MINUTE_MS;
    const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
    const w = await takeSharedWindows(this.#database.db, {
      apiKeyId,
      minuteStart,
      dayStart,
      perMinute: this.perMinute,
      perDay: this.perDay,
    });
    let exceeded: 'minute' | 'day' | undefined;
    if (!w.admitted) exceeded = w.minuteCount >= this.perMinute ? 'minute' : 'day';
    else this.#used(apiKeyId, now);
    return {
      minute: { limit: this.perMinute, remaining: Math.max(0, this.perMinute - w.minuteCount), resetAt: w.minuteStart + MINUTE_MS },
      day: { limit: this.perDay, remaining: Math.max(0, this.perDay - w.dayCount), resetAt: w.dayStart + DAY_MS },
      exceeded,
    };
  }

  /** Shared counting keeps only the last use here, for flush(). */
  #used(apiKeyId: number, now: number): void {
    const counters = this.#counters.get(apiKeyId);
    if (counters) counters.lastUsedAt = now;
    else this.#counters.set(apiKeyId, { minuteStart: 0, minuteCount: 0, dayStart: 0, dayCount: 0, lastUsedAt: now });
    this.#dirty.add(apiKeyId);
  }

  /** Writes day counts (counted here only) and last-use times changed since the previous flush, in one transaction. */
  async flush(): Promise<void> {
    if (this.#dirty.size === 0) return;
    const yesterday = utcDay(this.#clock.now() - DAY_MS);
    await this.#dirty.write(async (ids) => {
      const counts = ids.map((id) => {
        const c = this.#counters.get(id)!;
        return { apiKeyId: id, day: utcDay(c.dayStart), count: c.dayCount };
      });
      const usage = new Map(ids.map((id) => [id, this.#counters.get(id)!.lastUsedAt]));
      await this.#database.transaction(async (trx) => {
        // Shared counting keeps the day in rate_windows already.
        if (this.#database.exclusive) await saveDayCounts(trx, counts);
        await recordKeyUsage(trx, usage);
        await deleteDayCountsBefore(trx, yesterday);
      });
    });
  }

  /** The last use of a key seen by this process, newer than the stored one until the next flush. */
  lastUsedAt(apiKeyId: number): number | undefined {
    return this.#counters.get(apiKeyId)?.lastUsedAt;
  }

  async #load(apiKeyId: number): Promise<KeyCounters> {
    let loading = this.#loading.get(apiKeyId);
    if (!loading) {
      const now = this.#clock.now();
      loading = loadDayCount(this.#database.db, apiKeyId, utcDay(now)).then((dayCount) => {
        const counters = { minuteStart: 0, minuteCount: 0, dayStart: Math.floor(now / DAY_MS) * DAY_MS, dayCount, lastUsedAt: 0 };
        this.#counters.set(apiKeyId, counters);
        this.#loading.delete(apiKeyId);
        return counters;
      });
      loading.catch(() => this.#loading.delete(apiKeyId));
      this.#loading.set(apiKeyId, loading);
    }
    return loading;
  }
}

/** X-RateLimit-* (spec 8, minute window) and the IETF draft's RateLimit-Policy / RateLimit fields. */
export function setRateLimitHeaders(res: ServerResponse, decision: RateDecision, now: number): void {
  const seconds = (ms: number) => Math.max(0, Math.ceil((ms - now) / 1000));
  const { minute, day } = decision;
  res.setHeader('X-RateLimit-Limit', String(minute.limit));
  res.setHeader('X-RateLimit-Remaining', String(minute.remaining));
  res.setHeader('X-RateLimit-Reset', String(Math.ceil(minute.resetAt / 1000)));
  res.setHeader('RateLimit-Policy', policyField(minute.limit, day.limit));
  res.setHeader(
    'RateLimit',
    `"minute";r=${minute.remaining};t=${seconds(minute.resetAt)}, "day";r=${day.remaining};t=${seconds(day.resetAt)}`,
  );
}

let policy: { key: string; value: string } | undefined;
/** The policy never changes while the server runs: built once. */
function policyField(perMinute: number, perDay: number): string {
  const key = `${perMinute}/${perDay}`;
  if (policy?.key !== key) policy = { key, value: `"minute";q=${perMinute};w=60, "day";q=${perDay};w=86400` };
  return policy.value;
}

/** The spec's 429 (section 7): statusCode, error, message naming the limit, retryAfter. */
export function rateLimitedError(decision: RateDecision, now: number): AppError {
  const window = decision.exceeded === 'day' ? decision.day : decision.minute;
  const retryAfter = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
  const message =
    decision.exceeded === 'day'
      ? `Rate limit exceeded: ${window.limit} requests per day. Try again in ${retryAfter} seconds.`
      : `Rate limit exceeded: ${window.limit} requests per minute. Try again in ${retryAfter} seconds.`;
  return new AppError(429, 'rate_limited', message, { retryAfter }, { 'Retry-After': String(retryAfter) });
}
