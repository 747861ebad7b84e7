import type { Clock } from '../clock.ts';
import { AppError } from '../http/errors.ts';

const MINUTE = 60_000;
/** Wrong passwords one address may try in a minute, over all accounts. */
const PER_ADDRESS_PER_MINUTE = 10;
/** Wrong passwords for one account from one address in 15 minutes. */
const PER_ACCOUNT_ADDRESS = 5;
const ACCOUNT_WINDOW = 15 * MINUTE;
/** Wrong passwords for one account from anywhere in 15 minutes before each further try waits. */
const PER_ACCOUNT = 20;
const SLOWED_BY_MS = 1000;

interface Count {
  windowStart: number;
  count: number;
}

/**
 * Slows guessing at passwords without letting anyone lock a person out. Only a wrong password
 * counts (as for the admin token; a try counts from its start and is taken back when right). An address that guessed wrong 10 times in a minute, or 5 times
 * in 15 minutes at one account, is refused (429) until its window is over, for that account; the
 * same account from another address (the owner at the front desk) is not. An account guessed at
 * 20 times in 15 minutes from anywhere answers each further try a second late, which makes a
 * guessing network's work slow without refusing the right password.
 */
export class SignInLimit {
  readonly #clock: Clock;
  readonly #addresses = new Map<string, Count>();
  readonly #pairs = new Map<string, Count>();
  readonly #accounts = new Map<string, Count>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /**
   * Before checking a password: refuses (429) or waits, as the failures so far say, then counts
   * this try as a failure until `succeeded` takes it back. Counted before the check, not after it:
   * tries sent all at once are counted as they come, not once their fifth of a second of scrypt is over.
   */
  async admit(address: string, email: string): Promise<void> {
    const now = this.#clock.now();
    const refuse = (windowEnd: number, why: string) => {
      const retryAfter = Math.max(1, Math.ceil((windowEnd - now) / 1000));
      throw new AppError(
        429,
        'too_many_attempts',
        `${why} Try again in ${retryAfter} seconds.`,
        { retryAfter },
        { 'Retry-After': String(retryAfter) },
      );
    };
    const address_ = current(this.#addresses.get(address), now, MINUTE);
    if (address_ && address_.count >= PER_ADDRESS_PER_MINUTE)
      refuse(address_.windowStart + MINUTE, 'Too many wrong passwords from this address.');
    const pair = current(this.#pairs.get(`${address} ${email}`), now, ACCOUNT_WINDOW);
    if (pair && pair.count >= PER_ACCOUNT_ADDRESS)
      refuse(pair.windowStart + ACCOUNT_WINDOW, 'Too many wrong passwords for this account from this address.');
    const account = current(this.#accounts.get(email), now, ACCOUNT_WINDOW);
    count(this.#addresses, address, now, MINUTE);
    count(this.#pairs, `${address} ${email}`, now, ACCOUNT_WINDOW);
    count(this.#accounts, email, now, ACCOUNT_WINDOW);
    if (account && account.count >= PER_ACCOUNT) await new Promise((resolve) => setTimeout(resolve, SLOWED_BY_MS));
  }

  /** The password was right: this try is not a failure after all. */
  succeeded(address: string, email: string): void {
    const now = this.#clock.now();
    uncount(this.#addresses, address, now, MINUTE);
    uncount(this.#pairs, `${address} ${email}`, now, ACCOUNT_WINDOW);
    uncount(this.#accounts, email, now, ACCOUNT_WINDOW);
  }
}

function current(seen: Count | undefined, now: number, window: number): Count | undefined {
  return seen && now - seen.windowStart < window ? seen : undefined;
}

const LIMIT = 10_000;

function count(counts: Map<string, Count>, key: string, now: number, window: number): void {
  const seen = current(counts.get(key), now, window);
  if (seen) seen.count += 1;
  else {
    counts.delete(key);
    counts.set(key, { windowStart: now, count: 1 });
  }
  if (counts.size > LIMIT) forget(counts, now, window);
}

function uncount(counts: Map<string, Count>, key: string, now: number, window: number): void {
  const seen = current(counts.get(key), now, window);
  if (seen && seen.count > 0) seen.count -= 1;
}

/**
 * Bounded: past 10 000 entries, those whose window is over go, then the oldest (a Map keeps the
 * order of insertion) down to half. A flood of made-up accounts forgets the oldest of them, not
 * the counts of the one being guessed at now.
 */
function forget(counts: Map<string, Count>, now: number, window: number): void {
  for (const [key, seen] of counts) if (!current(seen, now, window)) counts.delete(key);
  for (const key of counts.keys()) {
    if (counts.size <= LIMIT / 2) break;
    counts.delete(key);
  }
}
