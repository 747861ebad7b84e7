import type { Kysely } from 'kysely';
import type { AfterCommit } from './after-commit.ts';
import type { Tables } from './tables.ts';
import type { Db, Tx } from './transaction.ts';

/**
 * What the caches depend on. Database triggers (migration 0004) bump a topic's version on every
 * change to the rows it covers, whoever writes: this process, the CLI, another instance.
 * - `keys`: api_keys, except updates of last_used_at alone;
 * - `webhooks`: which webhooks exist and whom they serve (business, key, events, status);
 * - `directory`: businesses, services, staff (schedules included), who does which service, time off,
 *   closures, and whether the business has a mail server of its own (mail_settings, 0026).
 */
export type Topic = 'keys' | 'webhooks' | 'directory';
export const TOPICS: readonly Topic[] = ['keys', 'webhooks', 'directory'];

/**
 * The tables whose changes bump each topic: what the migrations' triggers do (0004, 0005, 0026), said
 * once for the code that must know it too (PostgreSQL's driver notices a commit that wrote one);
 * test/schema-agreement.test.ts holds both engines' triggers to it.
 */
export const TOPIC_TABLES: Readonly<Record<Topic, readonly string[]>> = {
  keys: ['api_keys'],
  webhooks: ['webhooks'],
  directory: ['businesses', 'services', 'staff', 'staff_services', 'time_off', 'closures', 'mail_settings'],
};

export type Versions = ReadonlyMap<Topic, number>;

/**
 * How an engine tells caches that data changed: the one engine-specific part of freshness. SQLite's
 * (sqlite-freshness.ts) re-reads the versions after its own commits and when PRAGMA data_version
 * says another connection wrote; a server-based engine would listen for notifications instead.
 */
export interface FreshnessSignal {
  /**
   * The committed versions as last seen, the same object until they are re-read. Undefined when they
   * cannot be known now (this connection is inside a write transaction and something committed
   * since they were read).
   */
  current(): Versions | undefined;
  /** True while this connection holds a transaction open: what is read outside it may be its uncommitted work. */
  busy(): boolean;
  /** The versions as `trx` sees them, its own uncommitted changes included. */
  within(trx: Tx): Promise<Versions>;
}

/**
 * The open database: the only way to run a transaction, and the owner of cache freshness.
 * Routes, services and the delivery engine see only this and the repository functions; which
 * engine sits behind it is known inside src/db alone.
 */
export interface Database {
  readonly engine: 'sqlite' | 'postgres';
  /**
   * True when this server is the only one on the database (SQLite: the data dir's instance lock
   * says so), so what it holds in memory is the whole truth: leases left at start are a dead
   * process's, counters need not be shared. False on PostgreSQL, where several servers may run.
   */
  readonly exclusive: boolean;
  /** Kysely for every query outside a transaction. */
  readonly db: Kysely<Tables>;
  /** Where the data lives, for messages (a file for SQLite, the URL with its password masked for PostgreSQL). */
  readonly location: string;
  /**
   * Runs `work` in a transaction and returns once it has committed. On SQLite transactions are
   * group-committed (transaction.ts); on PostgreSQL each is its own. Do not call it from inside
   * `work`: on SQLite it would wait for its own batch.
   */
  transaction<T>(work: (trx: Tx) => Promise<T>): Promise<T>;
  /** Schedules `hook` for after the commit of `trx`; a rollback drops it. The same hook runs once. */
  afterCommit(trx: Tx, hook: () => void): void;
  /** A cache whose entries are current as long as `topics` have not changed. */
  cache<K, V>(topics: readonly Topic[]): VersionedCache<K, V>;
  /** Where the group commit reports its own bugs and those of after-commit hooks. Console by default. */
  reportFailuresTo(report: (error: unknown, what: string) => void): void;
  /** The database's size on disk: file and WAL for SQLite, pg_database_size for PostgreSQL. */
  sizeBytes(): Promise<number>;
  /**
   * After an erasure: lets the old versions of what was overwritten leave the engine's files as
   * soon as nobody reads them. SQLite copies its WAL into the file and truncates it (the file's
   * freed content is zeroed already: secure_delete); nothing on PostgreSQL, whose vacuum does it.
   */
  forgetOverwritten(): void;
  close(): Promise<void>;
}

/** What an engine brings to a Database; assembleDatabase() adds what both share. */
export interface EngineParts {
  readonly engine: Database['engine'];
  readonly exclusive: boolean;
  readonly db: Kysely<Tables>;
  readonly location: string;
  readonly signal: FreshnessSignal;
  /** The hooks the engine's transactions open and run. */
  readonly hooks: AfterCommit;
  transaction<T>(work: (trx: Tx) => Promise<T>): Promise<T>;
  sizeBytes(): Promise<number>;
  forgetOverwritten(): void;
  close(): Promise<void>;
}

/** The Database of an opened engine: its transactions and size, with the caches and hooks both engines share. */
export function assembleDatabase(parts: EngineParts): Database {
  const { engine, exclusive, db, location, signal, hooks } = parts;
  const afterCommit = (trx: Tx, hook: () => void) => hooks.add(trx, hook);
  return {
    engine,
    exclusive,
    db,
    location,
    transaction: (work) => parts.transaction(work),
    afterCommit,
    cache: (topics) => new VersionedCache(topics, signal, afterCommit),
    reportFailuresTo: (report) => {
      hooks.report = report;
    },
    sizeBytes: () => parts.sizeBytes(),
    forgetOverwritten: () => parts.forgetOverwritten(),
    close: () => parts.close(),
  };
}

/**
 * A cache of rarely-changing data that nobody clears. Each entry carries the stamp of its topics'
 * versions read before it was loaded; an entry whose stamp is not the current one is loaded anew.
 * - Read inside a transaction, the versions are the transaction's own (its uncommitted changes
 *   count), and what it loads is stored only once it has committed: it may include work of the
 *   same group commit that is still to be rolled back.
 * - Read outside, the versions are the committed ones the signal last saw; while this connection
 *   is inside a write transaction nothing loaded outside it is stored (it may have read that
 *   transaction's uncommitted work).
 * Versions only grow, so the sum of a cache's topics' versions is a stamp that changes whenever
 * any of them does.
 */
export class VersionedCache<K, V> {
  readonly #entries = new Map<K, { value: V; stamp: number }>();
  readonly #topics: readonly Topic[];
  readonly #signal: FreshnessSignal;
  readonly #afterCommit: (trx: Tx, hook: () => void) => void;

  constructor(topics: readonly Topic[], signal: FreshnessSignal, afterCommit: (trx: Tx, hook: () => void) => void) {
    this.#topics = topics;
    this.#signal = signal;
    this.#afterCommit = afterCommit;
  }

  /** The cached value, or `load`'s (kept unless undefined). `via` is what `load` reads through. */
  async get<T extends V | undefined>(key: K, via: Db | Tx, load: () => Promise<T>): Promise<V | T> {
    if (via.isTransaction) return this.#getWithin(key, via as Tx, load);
    const versions = this.#signal.current();
    const stamp = versions && this.#stamp(versions);
    const cached = this.#entries.get(key);
    if (cached !== undefined && cached.stamp === stamp) return cached.value;
    const quiet = !this.#signal.busy();
    const value = await load();
    // Stored only if nothing was re-read meanwhile: the same versions object means no commit came between.
    if (value !== undefined && stamp !== undefined && quiet && !this.#signal.busy() && this.#signal.current() === versions) {
      this.#entries.set(key, { value, stamp });
    }
    return value;
  }

  async #getWithin<T extends V | undefined>(key: K, trx: Tx, load: () => Promise<T>): Promise<V | T> {
    const stamp = this.#stamp(await this.#signal.within(trx));
    const cached = this.#entries.get(key);
    if (cached !== undefined && cached.stamp === stamp) return cached.value;
    const value = await load();
    if (value !== undefined) this.#afterCommit(trx, () => this.#entries.set(key, { value, stamp }));
    return value;
  }

  #stamp(versions: Versions): number {
    let sum = 0;
    for (const topic of this.#topics) sum += versions.get(topic) ?? 0;
    return sum;
  }
}
