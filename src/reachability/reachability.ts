import type { Clock } from '../clock.ts';
import type { Lookup } from '../delivery/targets.ts';
import type { Logger } from '../log.ts';
import { checkPublicAddress, type Reach } from './check.ts';

/** A result older than this is checked again when Settings asks. */
const STALE_MS = 60_000;
const TIMEOUT_MS = 5_000;

/** What tests may change of the check: a shorter timeout, and a public address on 127.0.0.1. */
export interface ReachabilityTesting {
  readonly timeoutMs?: number;
  readonly allowLoopback?: boolean;
}

export interface ReachabilityOptions extends ReachabilityTesting {
  /** BOOKING_PUBLIC_URL; without it there is nothing to check. */
  readonly publicUrl: string | undefined;
  /** What this installation answers at /.well-known/booking-api (the same on every instance of it). */
  readonly installationId: string;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly lookup: Lookup;
}

/** What is known now: the last result (if any) and whether a check is under way. */
export interface ReachabilityView {
  readonly publicUrl: string | undefined;
  readonly checking: boolean;
  readonly checkedAt: number | undefined;
  readonly result: Reach | undefined;
}

/**
 * Whether the public address leads to this server, as Settings shows it. The check runs in the
 * background (at start, and when Settings asks and the last result is over a minute old) and is
 * never waited for: Settings gets what is known at once, and asks again while one is under way.
 */
export class Reachability {
  readonly installationId: string;
  readonly #options: ReachabilityOptions;
  readonly #stop = new AbortController();
  #running: Promise<void> | undefined;
  #checkedAt: number | undefined;
  #result: Reach | undefined;

  constructor(options: ReachabilityOptions) {
    this.#options = options;
    this.installationId = options.installationId;
  }

  /** What is known now; starts a check when the last one is stale (or `again`). Never waits for it. */
  view(again = false): ReachabilityView {
    const stale = this.#checkedAt === undefined || this.#options.clock.now() - this.#checkedAt >= STALE_MS;
    if (again || stale) void this.check();
    return {
      publicUrl: this.#options.publicUrl,
      checking: this.#running !== undefined,
      checkedAt: this.#checkedAt,
      result: this.#result,
    };
  }

  /** Runs a check unless one is under way (then waits for that one); nothing to check without a public address. */
  check(): Promise<void> {
    const { publicUrl } = this.#options;
    if (!publicUrl || this.#stop.signal.aborted) return Promise.resolve();
    this.#running ??= this.#run(publicUrl).finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  /** Abandons a check under way. */
  async stop(): Promise<void> {
    this.#stop.abort();
    await this.#running;
  }

  async #run(publicUrl: string): Promise<void> {
    const { logger } = this.#options;
    const result = await checkPublicAddress(publicUrl, this.installationId, {
      lookup: this.#options.lookup,
      timeoutMs: this.#options.timeoutMs ?? TIMEOUT_MS,
      allowLoopback: this.#options.allowLoopback ?? false,
      signal: this.#stop.signal,
    });
    if (this.#stop.signal.aborted) return;
    const changed = result.status !== this.#result?.status;
    this.#result = result;
    this.#checkedAt = this.#options.clock.now();
    if (!changed) return;
    if (result.status === 'reachable') logger.info({ publicUrl }, 'the public address reaches this server');
    else logger.warn({ publicUrl, ...result }, 'the public address does not reach this server');
  }
}
