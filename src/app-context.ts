import type { Backups } from './backups/backups.service.ts';
import type { Clock } from './clock.ts';
import type { Config, PublicAddress } from './config.ts';
import type { Database } from './db/database.ts';
import type { Db } from './db/transaction.ts';
import type { DeliveryEngine } from './delivery/engine.ts';
import type { Policy } from './delivery/lifecycle.ts';
import type { Outbox } from './delivery/outbox.ts';
import type { Sender } from './delivery/sender.ts';
import type { Lookup } from './delivery/targets.ts';
import type { RateLimiter } from './auth/rate-limit.ts';
import type { Ids } from './ids.ts';
import type { SignInLimit } from './people/sign-in-limit.ts';
import type { KeyStore } from './auth/key-store.ts';
import type { Logger } from './log.ts';
import type { SecretBox } from './secrets/secret-box.ts';
import type { Subscriptions } from './delivery/subscriptions.ts';
import type { ServiceCatalog } from './services/service-catalog.ts';
import type { BusinessDirectory } from './businesses/directory.ts';
import type { MailEngine } from './mail/mail-engine.ts';
import type { ReminderClock } from './reminders/reminders.ts';
import type { Reachability } from './reachability/reachability.ts';
import type { RecoveryWorker } from './webhooks/recovery-worker.ts';

/** Everything a request handler or job may use, built once by createApp and passed down. */
export interface AppContext {
  readonly config: Config;
  /** Transactions, after-commit hooks and the caches' freshness. */
  readonly database: Database;
  /** `database.db`: Kysely for reads and single statements outside a transaction. */
  readonly db: Db;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly logger: Logger;
  readonly keys: KeyStore;
  readonly limiter: RateLimiter;
  readonly startedAt: number;
  /** Slows guessing at people's passwords (src/people/sign-in-limit.ts). */
  readonly signIns: SignInLimit;
  /** Name resolution for webhook targets (the SSRF checks); tests inject their own. */
  readonly lookup: Lookup;
  readonly sender: Sender;
  readonly policy: Policy;
  readonly engine: DeliveryEngine;
  /** Sends again, in the background, what failed in a window (POST /webhooks/:id/recover). */
  readonly recoveries: RecoveryWorker;
  readonly outbox: Outbox;
  /** Seals webhook secrets for the database and opens them for signing (kept in memory). */
  readonly secretBox: SecretBox;
  /** Each business's record, services and staff in memory, kept current by the database. */
  readonly directory: BusinessDirectory;
  /** GET /services, serialised once per business. */
  readonly catalog: ServiceCatalog;
  /** Which webhooks hear which event, kept in memory. */
  readonly subscriptions: Subscriptions;
  /** Where clients reach this server: the base of the links in their e-mails. */
  readonly publicAddress: PublicAddress;
  /** Sends the mail queue's messages to clients; wake() after settings changed. */
  readonly mail: MailEngine;
  /** Fires booking reminders when they come due. */
  readonly reminders: ReminderClock;
  /** Scheduled, verified, sealed backups (src/backups). */
  readonly backups: Backups;
  /** Whether the public address leads here (Settings), and this installation's identity. */
  readonly reachability: Reachability;
}
