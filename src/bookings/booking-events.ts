import { auditEntriesOf } from '../audit/audit.repository.ts';
import type { AuditEntryRow } from '../db/tables.ts';
import { toIso } from '../clock.ts';
import type { Db } from '../db/transaction.ts';
import type { AttemptStatus } from '../db/tables.ts';
import { errors } from '../http/errors.ts';
import { messagesOfBooking } from '../mail/sql/messages-of-booking.ts';

/** The newest events of one booking that the page lists (a booking has a handful). */
const LIMIT = 100;

async function eventsOfBooking(db: Db, businessId: number, bookingId: number) {
  return db
    .selectFrom('events')
    .select(['id', 'event', 'data', 'created_at'])
    .where('booking_id', '=', bookingId)
    .where('business_id', '=', businessId)
    .orderBy('id', 'desc')
    .limit(LIMIT)
    .execute();
}

async function deliveriesOfEvents(db: Db, eventIds: number[]) {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom('deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select(['d.id', 'd.delivery_id', 'd.event_id', 'd.webhook_id', 'w.target_url', 'w.description'])
    .where('d.event_id', 'in', eventIds)
    .orderBy('d.id')
    .execute();
}

async function attemptsOfDeliveries(db: Db, deliveryPks: number[]) {
  if (deliveryPks.length === 0) return [];
  return db
    .selectFrom('delivery_attempts')
    .select(['delivery_pk', 'attempt_number', 'status', 'sent_at', 'response_status_code', 'error_message'])
    .where('delivery_pk', 'in', deliveryPks)
    .orderBy('attempt_number')
    .execute();
}

/**
 * Who did each of a booking's events: its audit entry is written in the same transaction with the
 * same action, so the newest event of an action goes with the newest entry of it, and so on back
 * (an entry that has expired leaves the oldest events without one).
 */
function actorsOfEvents(events: readonly { id: number; event: string }[], entries: readonly AuditEntryRow[]) {
  const byAction = new Map<string, AuditEntryRow[]>();
  for (const entry of entries) byAction.set(entry.action, [...(byAction.get(entry.action) ?? []), entry]);
  const actors = new Map<number, { kind: AuditEntryRow['actor_kind']; id: number | null; name: string }>();
  for (const event of events) {
    const entry = byAction.get(event.event)?.pop();
    if (entry) actors.set(event.id, { kind: entry.actor_kind, id: entry.actor_id, name: entry.actor_label });
  }
  return actors;
}

/**
 * What happened to a booking (booking.*, payment.* and review.created, newest first) and where
 * each event was sent: one delivery per connection that listened, with its latest attempt, and
 * the e-mails to the client it caused, with their outcome.
 */
export async function listBookingEvents(app: { readonly db: Db }, businessId: number, bookingId: number) {
  const booking = await app.db
    .selectFrom('bookings')
    .select('id')
    .where('id', '=', bookingId)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  if (!booking) throw errors.notFound('Booking');
  const events = await eventsOfBooking(app.db, businessId, bookingId);
  const deliveries = await deliveriesOfEvents(
    app.db,
    events.map((e) => e.id),
  );
  const attempts = await attemptsOfDeliveries(
    app.db,
    deliveries.map((d) => d.id),
  );
  const messages = await messagesOfBooking(app.db, bookingId);
  const by = actorsOfEvents(events, await auditEntriesOf(app.db, businessId, 'booking', [bookingId]));
  // A payment's or refund's own audit entry (its target is the payment row) says who took it.
  const paymentRowOf = (e: { event: string; data: string }) => {
    const data = JSON.parse(e.data) as { paymentId?: number; refundId?: number };
    return e.event === 'payment.received' ? data.paymentId : e.event === 'payment.refunded' ? data.refundId : undefined;
  };
  const paid = events.flatMap((e) => {
    const row = paymentRowOf(e);
    return row === undefined ? [] : [{ eventId: e.id, event: e.event, row }];
  });
  const paymentEntries = await auditEntriesOf(
    app.db,
    businessId,
    'payment',
    paid.map((p) => p.row),
  );
  for (const p of paid) {
    const entry = paymentEntries.find((a) => a.action === p.event && a.target_id === p.row);
    if (entry) by.set(p.eventId, { kind: entry.actor_kind, id: entry.actor_id, name: entry.actor_label });
  }
  const latest = new Map<
    number,
    { count: number; status: AttemptStatus; sentAt: number | null; code: number | null; error: string | null }
  >();
  for (const a of attempts) {
    latest.set(a.delivery_pk, {
      count: (latest.get(a.delivery_pk)?.count ?? 0) + 1,
      status: a.status,
      sentAt: a.sent_at,
      code: a.response_status_code,
      error: a.error_message,
    });
  }
  const data = events.map((e) => ({
    id: e.id,
    event: e.event,
    occurredAt: toIso(e.created_at),
    by: by.get(e.id) ?? null,
    data: JSON.parse(e.data) as Record<string, unknown>,
    deliveries: deliveries
      .filter((d) => d.event_id === e.id)
      .map((d) => {
        const last = latest.get(d.id);
        return {
          deliveryId: d.delivery_id,
          webhookId: d.webhook_id,
          targetUrl: d.target_url,
          description: d.description,
          status: last?.status ?? 'pending',
          attempts: last?.count ?? 0,
          lastAttemptAt: last?.sentAt ? toIso(last.sentAt) : null,
          responseStatusCode: last?.code ?? null,
          errorMessage: last?.error ?? null,
        };
      }),
    messages: messages.get(e.id) ?? [],
  }));
  return { data, total: data.length };
}
