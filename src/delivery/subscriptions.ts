import type { Database, VersionedCache } from '../db/database.ts';
import type { Tx } from '../db/transaction.ts';
import { ABOUT_CLIENTS, EVERY_EVENT, type EventName } from './events.ts';
import { listSubscribedWebhooks } from './sql/subscribed-webhooks.ts';

interface Subscriber {
  webhookId: number;
  /** What it subscribed to; undefined: every event (`["*"]`). */
  events: ReadonlySet<string> | undefined;
  keyId: number;
  keyExpiresAt: number | null;
  /** Its key may book but not read bookings: it hears of clients only what it sent itself. */
  booksBlind: boolean;
}

/** A webhook that hears an event, and whether it gets the booking's client as booked, not the record. */
export interface Hearer {
  webhookId: number;
  asBooked: boolean;
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

  /**
   * The webhooks subscribed to `event` in `businessId` whose key has not expired by `now`, less
   * what a key that books without bookings:read may not hear (ABOUT_CLIENTS); `madeByKeyId` is
   * the key that made the booking a booking.* event is about.
   */
  async forEvent(trx: Tx, businessId: number, event: EventName, now: number, madeByKeyId?: number | null): Promise<Hearer[]> {
    const subscribers = await this.#cache.get(businessId, trx, () => load(trx, businessId));
    const reach = ABOUT_CLIENTS[event];
    const hearers: Hearer[] = [];
    for (const s of subscribers) {
      if ((s.events && !s.events.has(event)) || (s.keyExpiresAt !== null && s.keyExpiresAt <= now)) continue;
      if (!s.booksBlind || !reach) hearers.push({ webhookId: s.webhookId, asBooked: false });
      else if (reach === 'booking' && madeByKeyId === s.keyId) hearers.push({ webhookId: s.webhookId, asBooked: true });
    }
    return hearers;
  }
}

async function load(trx: Tx, businessId: number): Promise<Subscriber[]> {
  const rows = await listSubscribedWebhooks(trx, businessId);
  return rows.map((row) => {
    const scopes = JSON.parse(row.scopes) as string[];
    const events = JSON.parse(row.events) as string[];
    return {
      webhookId: row.id,
      events: events.includes(EVERY_EVENT) ? undefined : new Set(events),
      keyId: row.api_key_id,
      keyExpiresAt: row.expires_at,
      booksBlind: scopes.includes('bookings:write') && !scopes.includes('bookings:read'),
    };
  });
}
