import type { Database } from '../db/connection.ts';
import { Memo } from '../db/memo.ts';
import type { Tx } from '../db/transaction.ts';
import type { EventName } from './events.ts';
import { listSubscribedWebhooks } from './webhooks.repository.ts';

interface Subscriber {
  webhookId: number;
  events: ReadonlySet<string>;
  keyExpiresAt: number | null;
}

/**
 * Which webhooks hear which event, per business: active webhooks of active keys. Read for every
 * event emitted, changed rarely, so kept in memory. Cleared by whoever changes webhooks or keys
 * (clear()), and when another process writes (Memo).
 */
export class Subscriptions {
  readonly #memo: Memo<number, Subscriber[]>;

  constructor(database: Database) {
    this.#memo = new Memo(database);
  }

  /** Webhook ids subscribed to `event` in `businessId` whose key has not expired by `now`. */
  async forEvent(trx: Tx, businessId: number, event: EventName, now: number): Promise<number[]> {
    const subscribers = await this.#memo.get(businessId, trx, () => load(trx, businessId));
    return subscribers
      .filter((s) => s.events.has(event) && (s.keyExpiresAt === null || s.keyExpiresAt > now))
      .map((s) => s.webhookId);
  }

  clear(): void {
    this.#memo.clear();
  }
}

async function load(trx: Tx, businessId: number): Promise<Subscriber[]> {
  const rows = await listSubscribedWebhooks(trx, businessId);
  return rows.map((row) => ({ webhookId: row.id, events: new Set(JSON.parse(row.events) as string[]), keyExpiresAt: row.expires_at }));
}
