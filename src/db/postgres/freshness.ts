import pg from 'pg';
import { readCacheVersions } from '../cache-versions.repository.ts';
import type { FreshnessSignal, Topic, Versions } from '../database.ts';
import type { Tx } from '../transaction.ts';

export const CHANNEL = 'booking_cache_versions';
const RECONNECT_MS = [100, 250, 500, 1000, 2000];

/**
 * PostgreSQL's freshness signal. The cache_versions triggers NOTIFY at commit (migration 0004);
 * one dedicated connection LISTENs and re-reads the versions when told, so a change made by the
 * CLI or another process is seen a round trip after its commit. This process's own commits of
 * cached tables re-read them before the caller goes on (the driver in dialect.ts awaits
 * `refresh()`), so a request that changed a key sees the change in the very next request.
 *
 * While the listening connection is down (the server restarted), the versions are unknown:
 * `current()` answers undefined, the caches load from the database every time, and on reconnect
 * the versions are read afresh, so nothing missed meanwhile stays cached.
 */
export class PostgresFreshness implements FreshnessSignal {
  readonly #config: pg.ClientConfig;
  #current: Versions | undefined;
  #listener: pg.Client | undefined;
  #closed = false;
  #failures = 0;
  /** The refresh under way and whether another must follow it (something committed after it began). */
  #refreshing: Promise<void> | undefined;
  #again = false;

  constructor(config: pg.ClientConfig) {
    this.#config = config;
  }

  async start(): Promise<void> {
    await this.#listen();
  }

  current(): Versions | undefined {
    return this.#current;
  }

  /** Reads through the pool, never from this connection's uncommitted work. */
  busy(): boolean {
    return false;
  }

  within(trx: Tx): Promise<Versions> {
    return readCacheVersions(trx);
  }

  /** Re-reads the committed versions; resolves once a read that began after this call has finished. */
  refresh(): Promise<void> {
    if (this.#refreshing) {
      this.#again = true;
      return this.#refreshing;
    }
    this.#refreshing = (async () => {
      try {
        do {
          this.#again = false;
          const versions = await this.#read().catch(() => undefined);
          if (!this.#listener) this.#current = undefined;
          else if (!versions) this.#current = undefined;
          else if (!sameVersions(versions, this.#current)) this.#current = versions;
        } while (this.#again);
      } finally {
        this.#refreshing = undefined;
      }
    })();
    return this.#refreshing;
  }

  /** On the listening connection: never waits for the pool, which a committing transaction may be holding. */
  async #read(): Promise<Versions | undefined> {
    const listener = this.#listener;
    if (!listener) return undefined;
    const { rows } = await listener.query<{ topic: Topic; version: number }>('select topic, version from cache_versions');
    return new Map(rows.map((row) => [row.topic, Number(row.version)]));
  }

  async close(): Promise<void> {
    this.#closed = true;
    const listener = this.#listener;
    this.#listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  async #listen(): Promise<void> {
    const client = new pg.Client(this.#config);
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    client.on('notification', () => void this.refresh());
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    this.#listener = client;
    this.#failures = 0;
    await this.refresh();
  }

  #lost(client: pg.Client): void {
    if (this.#listener !== client) return;
    this.#listener = undefined;
    this.#current = undefined;
    client.end().catch(() => undefined);
    this.#reconnect();
  }

  #reconnect(): void {
    if (this.#closed) return;
    const delay = RECONNECT_MS[Math.min(this.#failures++, RECONNECT_MS.length - 1)]!;
    setTimeout(() => {
      if (this.#closed) return;
      this.#listen().catch(() => this.#reconnect());
    }, delay).unref();
  }
}

function sameVersions(a: Versions, b: Versions | undefined): boolean {
  if (!b || a.size !== b.size) return false;
  for (const [topic, version] of a) if (b.get(topic as Topic) !== version) return false;
  return true;
}
