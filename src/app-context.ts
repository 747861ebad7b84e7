import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/connection.ts';
import type { Db } from './db/transaction.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { Ids } from './ids.ts';
import type { KeyStore } from './keys/key-store.ts';
import type { Logger } from './log.ts';

/** Everything a request handler or job may use, built once by createApp and passed down. */
export interface AppContext {
  readonly config: Config;
  readonly database: Database;
  readonly db: Db;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly logger: Logger;
  readonly keys: KeyStore;
  readonly limiter: RateLimiter;
  readonly startedAt: number;
}
