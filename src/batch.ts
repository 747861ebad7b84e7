/**
 * Things that wait to be written together, as graphile-worker's batch() does for its job
 * completions: the group commit's transactions, the delivery engine's results, the rate limiter's
 * last-use times. A write takes what is pending (up to `max`), and a write that fails puts what it
 * took back in front of anything added meanwhile, to go with the next one: nothing is lost and
 * nothing is written twice. When to write stays with each owner (a turn of the event loop, a pass
 * of the delivery loop, a timer).
 */
export class Batch<T> {
  readonly #max: number;
  /** The same item added twice waits once (the rate limiter's key ids). */
  readonly #unique: boolean;
  #items: T[] = [];
  readonly #members = new Set<T>();

  constructor({ max = Number.POSITIVE_INFINITY, unique = false }: { max?: number; unique?: boolean } = {}) {
    this.#max = max;
    this.#unique = unique;
  }

  get size(): number {
    return this.#items.length;
  }

  add(item: T): void {
    if (this.#unique) {
      if (this.#members.has(item)) return;
      this.#members.add(item);
    }
    this.#items.push(item);
  }

  /**
   * Hands the pending items (the oldest `max` of them) to `write` and returns what it returns. If
   * `write` throws, the items are pending again, in front, and the error is thrown on.
   */
  async write<R>(write: (items: readonly T[]) => Promise<R>): Promise<R> {
    const items = this.#take();
    try {
      return await write(items);
    } catch (error) {
      this.#putBack(items);
      throw error;
    }
  }

  #take(): T[] {
    const items = this.#items.length <= this.#max ? this.#items : this.#items.slice(0, this.#max);
    this.#items = items === this.#items ? [] : this.#items.slice(this.#max);
    if (this.#unique) for (const item of items) this.#members.delete(item);
    return items;
  }

  #putBack(items: readonly T[]): void {
    const again = this.#unique ? items.filter((item) => !this.#members.has(item)) : items;
    if (this.#unique) for (const item of again) this.#members.add(item);
    this.#items = [...again, ...this.#items];
  }
}
