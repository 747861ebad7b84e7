import type { Logger } from './log.ts';

/**
 * When a part stops, in order: first stop taking requests, then stop the work they and the timers
 * started, then close storage, and release the data dir last. Start runs the other way round.
 */
const STOP_ORDER = ['intake', 'work', 'storage', 'lock'] as const;
export type Phase = (typeof STOP_ORDER)[number];

export interface Part {
  readonly phase: Phase;
  readonly name: string;
  /** A part without `start` is up from the moment it is added (it was opened to be added). */
  start?(): unknown;
  stop?(): unknown;
}

/**
 * Start and stop of the whole server in one ordered list, as outline's ShutdownHelper: each part
 * says which phase it belongs to; within a phase, parts start in the order they were added and
 * stop in the reverse. A part that fails to stop is logged and the others still stop. A failed
 * start stops what had started, then rethrows.
 */
export class Lifecycle {
  readonly #logger: Logger;
  readonly #parts: Part[] = [];
  readonly #up = new Set<Part>();
  #stopping: Promise<void> | undefined;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  add(part: Part): void {
    this.#parts.push(part);
    if (!part.start) this.#up.add(part);
  }

  /** Starts every part not yet up: the lock's phase first, intake last. */
  async start(): Promise<void> {
    for (const part of this.#stopOrder().reverse()) {
      if (this.#up.has(part)) continue;
      try {
        await part.start!();
      } catch (error) {
        await this.stop();
        throw error;
      }
      this.#up.add(part);
    }
  }

  /** Stops every part that is up, once; later calls wait for the same stop. */
  stop(): Promise<void> {
    this.#stopping ??= (async () => {
      for (const part of this.#stopOrder()) {
        if (!this.#up.delete(part)) continue;
        try {
          await part.stop?.();
        } catch (err) {
          this.#logger.warn({ err, part: part.name }, 'could not stop cleanly');
        }
      }
    })();
    return this.#stopping;
  }

  #stopOrder(): Part[] {
    return STOP_ORDER.flatMap((phase) => this.#parts.filter((part) => part.phase === phase).reverse());
  }
}
