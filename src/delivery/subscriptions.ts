import type { Database, VersionedCache } from '../db/database.ts';
import type { Tx } from '../db/transaction.ts';
import type { EventName } from './events.ts';
import { listSubscribedWebhooks } from './sql/subscribed-webhooks.ts';

interface Subscriber {
  webhookId: number;
  events: ReadonlySet<string>;
  keyExpiresAt: number | null;
}

/**
 * Which webhooks hear which event, per business: active webhooks of active keys. Read for every
 * event emitted, changed rarely, so kept in memory while the `webhooks` and `keys` topics stand.
 */
export class Subscriptions {
  readonly #cache: VersionedCache<number, Subscriber[]>;

  constructor(database: Database) {
    this.#cache = database.cache(['webhooks', 'keys']);
  }

  /** Webhook ids subscribed to `event` in `businessId` whose key has not expired by `now`. */
  async forEvent(trx: Tx, businessId: number, event: EventName, now: number): Promise<number[]> {
    const subscribers = await this.#cache.get(businessId, trx, () => load(trx, businessId));
    return subscribers.filter((s) => s.events.has(event) && (s.keyExpiresAt === null || s.keyExpiresAt > now)).map((s) => s.webhookId);
  }
}

async function load(trx: Tx, businessId: number): Promise<Subscriber[]> {
  const rows = await listSubscribedWebhooks(trx, businessId);
  return rows.map((row) => ({ webhookId: row.id, events: new Set(JSON.parse(row.events) as string[]), keyExpiresAt: row.expires_at }));
}
