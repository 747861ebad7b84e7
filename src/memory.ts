import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { Logger } from './log.ts';

const MiB = 1024 * 1024;

export interface CompactionOptions {
  logger: Logger;
  /** V8's gc(); by default exposed at run time (exposeGc()). */
  gc?: NodeJS.GCFunction;
  /** The first look, after start-up's burst of work. */
  firstAfterMs?: number;
  /** The looks after it. */
  everyMs?: number;
  /** Idle: the event loop busy less than this share of the time since the last look. */
  idleBelow?: number;
  /**
   * The same for the first look. The first requests of a fresh process cost tens of milliseconds
   * (code paged in from disk, functions compiled), so a second after listening even an unused
   * server is 2-4 % busy; what start-up grew is given back unless the server is really under load.
   */
  firstIdleBelow?: number;
  /** Only when the heap has grown at least this much since the last compaction. */
  growthBytes?: number;
}

/**
 * V8's gc() function, as jest-leak-detector gets it: --expose-gc set for the moment a new context
 * is made, then unset. Not a start-up flag: the executable's V8 code cache is only accepted when
 * V8 starts with the flags it was made with, and --expose-gc is one that counts (a build with it
 * in the flags and not in the cache started at 456-606 ms instead of 323-482 and idled 4 MiB higher).
 */
export function exposeGc(): NodeJS.GCFunction {
  if (globalThis.gc) return globalThis.gc;
  v8.setFlagsFromString('--expose-gc');
  try {
    return vm.runInNewContext('gc') as NodeJS.GCFunction;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

/** Whether to compact now: the server was idle since the last look and its heap grew since the last compaction. */
export function shouldCompact(
  look: { busy: number; heapBytes: number; heapAfterLast: number },
  rule: { idleBelow: number; growthBytes: number },
): boolean {
  return look.busy < rule.idleBelow && look.heapBytes - look.heapAfterLast >= rule.growthBytes;
}

/**
 * Gives memory back to the computer when the server goes quiet.
 *
 * V8 sizes its heap for the work it has just done and keeps that size: start-up (every module,
 * the migrations, the first validators) grows the young generation to its cap of 2 × 4 MiB, and
 * an idle server never collects enough to shrink it, so a salon's server sat at 88 MiB doing
 * nothing. When the event loop has been idle since the last look and the heap has grown since the
 * last compaction, one memory-reducing full collection (`gc({ flavor: 'last-resort' })`: V8's
 * collection that shrinks the young generation and drops bytecode not run lately) gives it back:
 * 88 → 79 MiB a second after start, a pause of about 45 ms once (docs/performance.md). After
 * that it looks every 10 s and compacts only when the loop was busy less than 1 % of the time:
 * under load, even light load, nothing happens (a pause every few seconds would cost more than
 * the memory is worth); when a burst is over, the next quiet look gives back what it grew in
 * the heap (what the allocators outside it took stays: 79 → 108 → 100 MiB over a 5 s burst).
 */
export class IdleCompaction {
  readonly #logger: Logger;
  readonly #gc: NodeJS.GCFunction;
  readonly #firstAfterMs: number;
  readonly #everyMs: number;
  readonly #rule: { idleBelow: number; growthBytes: number };
  readonly #firstIdleBelow: number;
  #first = true;
  #timer: NodeJS.Timeout | undefined;
  #since: EventLoopUtilization | undefined;
  #heapAfterLast = 0;

  constructor(options: CompactionOptions) {
    this.#logger = options.logger;
    this.#gc = options.gc ?? exposeGc();
    this.#firstAfterMs = options.firstAfterMs ?? 1_000;
    this.#everyMs = options.everyMs ?? 10_000;
    this.#rule = { idleBelow: options.idleBelow ?? 0.01, growthBytes: options.growthBytes ?? 4 * MiB };
    this.#firstIdleBelow = options.firstIdleBelow ?? 0.25;
  }

  start(): void {
    this.#since = performance.eventLoopUtilization();
    this.#schedule(this.#firstAfterMs);
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#since = undefined;
  }

  #schedule(ms: number): void {
    this.#timer = setTimeout(() => this.#look(), ms);
    this.#timer.unref();
  }

  #look(): void {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, this.#since).utilization;
    this.#since = now;
    const heapBytes = v8.getHeapStatistics().total_heap_size;
    const rule = this.#first ? { ...this.#rule, idleBelow: this.#firstIdleBelow } : this.#rule;
    this.#first = false;
    if (shouldCompact({ busy, heapBytes, heapAfterLast: this.#heapAfterLast }, rule)) {
      const started = performance.now();
      this.#gc({ type: 'major', flavor: 'last-resort' });
      this.#heapAfterLast = v8.getHeapStatistics().total_heap_size;
      this.#logger.debug(
        {
          heapBeforeMiB: round(heapBytes / MiB),
          heapAfterMiB: round(this.#heapAfterLast / MiB),
          rssMiB: round(process.memoryUsage.rss() / MiB),
          ms: round(performance.now() - started),
          busy: round(busy * 1000) / 1000,
        },
        'idle: gave memory back',
      );
      // The collection's own time is not the server's work.
      this.#since = performance.eventLoopUtilization();
    }
    this.#schedule(this.#everyMs);
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
