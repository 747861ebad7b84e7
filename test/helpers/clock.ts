import type { Clock } from '../../src/clock.ts';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  #now: number;

  constructor(start = Date.parse('2026-11-21T10:00:00.000Z')) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  set(ms: number): void {
    this.#now = ms;
  }

  advance(ms: number): void {
    this.#now += ms;
  }
}
