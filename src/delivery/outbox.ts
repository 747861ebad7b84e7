import type { Clock } from '../clock.ts';
import type { Tx } from '../db/transaction.ts';
import type { HeldId } from '../db/write-batch.ts';
import type { Ids } from '../ids.ts';
import type { EventName } from './events.ts';
import { Subscriptions } from './subscriptions.ts';
import type { Database } from '../db/database.ts';
import { envelopeBody, envelopeBodyOfText } from './envelope.ts';
import { insertEvent, insertEventWithDeliveries } from './sql/insert-event.ts';

export interface OutboxDeps {
  database: Database;
  clock: Clock;
  ids: Ids;
  /** Delay of the first attempt (the first entry of the retry schedule). */
  firstDelayMs: number;
  /** Told after the commit of a transaction that queued attempts, to start them at once. */
  onQueued: () => void;
  subscriptions: Subscriptions;
  /**
   * Told of every event in its transaction before it is recorded and its webhooks are locked: work
   * that locks rows of its own (a booking's reminder), so that every transaction takes the locks in
   * one order, the reminder before the webhooks, as the reminder clock does (its due reminders, then
   * their events). The other order could deadlock with it on PostgreSQL.
   */
  firstListeners?: readonly FirstListener[];
  /** Told of every event in the transaction that records it, once it has its id (the mail queue). */
  listeners?: readonly EventListener[];
}

/** An event as the outbox recorded it. */
export interface RecordedEvent {
  /** A HeldId while the event is held for a batched statement (insertEvent): a value for its listeners' held writes only. */
  readonly id: number | HeldId;
  readonly businessId: number;
  readonly name: EventName;
  readonly data: Record<string, unknown>;
  readonly at: number;
}

/**
 * Work that must commit with an event, whoever emits it: it runs in the event's transaction, so it
 * exists if and only if the event does.
 */
export type EventListener = (trx: Tx, event: RecordedEvent) => Promise<void>;

/** The same, told before the event is recorded: it has no id yet. */
export type FirstListener = (trx: Tx, event: Omit<RecordedEvent, 'id'>) => Promise<void>;

/** Who made the booking a booking.* event is about, and the event's data with the client as booked. */
export interface BookingAudience {
  madeByKeyId: number | null;
  /** Made only when a webhook hears the event as booked (most events have no such webhook). */
  asBooked: () => Record<string, unknown>;
}

/**
 * The transactional outbox: an event exists if and only if the change that caused it committed,
 * because both are written in the same transaction.
 */
export class Outbox {
  readonly #deps: OutboxDeps;

  constructor(deps: OutboxDeps) {
    this.#deps = deps;
  }

  /**
   * An outbox for a command-line process: events it emits are picked up by the running server's
   * tick within a second (it cannot be woken from here).
   */
  static forCommand(database: Database, clock: Clock, ids: Ids): Outbox {
    return new Outbox({ database, clock, ids, firstDelayMs: 0, onQueued: () => {}, subscriptions: new Subscriptions(database) });
  }

  /**
   * Records `event` for `businessId` and one first attempt for each subscribed active webhook of
   * an active key of that business, in the caller's transaction. Returns the number queued.
   * A booking.* event names the key that made the booking and its data with the client as booked,
   * for that key's webhooks when it may not read bookings (Subscriptions.forEvent).
   */
  async emitEvent(
    trx: Tx,
    businessId: number,
    event: EventName,
    data: Record<string, unknown>,
    booking?: BookingAudience,
  ): Promise<number> {
    const now = this.#deps.clock.now();
    for (const listener of this.#deps.firstListeners ?? []) await listener(trx, { businessId, name: event, data, at: now });
    const hearers = await this.#deps.subscriptions.forEvent(trx, businessId, event, now, booking?.madeByKeyId);
    let asBookedData: Record<string, unknown> | undefined;
    // The event's row and its deliveries' envelopes share one stringified text of its data.
    const dataText = hearers.length > 0 ? JSON.stringify(data) : '';
    const deliveries = hearers.map(({ webhookId, asBooked }) => {
      const deliveryId = this.#deps.ids.deliveryId();
      const body =
        asBooked && booking
          ? envelopeBody(deliveryId, event, now, (asBookedData ??= booking.asBooked()))
          : envelopeBodyOfText(deliveryId, event, now, dataText);
      return { webhookId, deliveryId, body };
    });
    // Only webhooks still there are queued, held until the commit: one deleted meanwhile hears nothing.
    const { eventId, queued } =
      deliveries.length > 0
        ? await insertEventWithDeliveries(trx, businessId, event, data, dataText, now, now + this.#deps.firstDelayMs, deliveries)
        : { eventId: await insertEvent(trx, businessId, event, data, now), queued: new Set<number>() };
    for (const listener of this.#deps.listeners ?? []) await listener(trx, { id: eventId, businessId, name: event, data, at: now });
    const webhooks = [...queued];
    if (webhooks.length > 0) this.#deps.database.afterCommit(trx, this.#deps.onQueued);
    return webhooks.length;
  }
}
