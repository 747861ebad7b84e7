import { toIso, toIsoOrNull, type Clock } from '../clock.ts';
import { listBookingEvents } from '../bookings/booking-events.ts';
import { toBookingJson } from '../bookings/booking.presenter.ts';
import { pageBookings } from '../bookings/bookings.repository.ts';
import { adminClient } from '../clients/clients.service.ts';
import type { Db } from '../db/transaction.ts';
import { toPaymentJson } from '../payments/payments.service.ts';
import { toReviewJson } from '../reviews/review.presenter.ts';
import { findReviewView } from '../reviews/reviews.repository.ts';
import {
  bookingIdsOfClient,
  manageLinksOfBookings,
  messagesOfBookings,
  paymentsOfBookings,
  remindersOfBookings,
  reviewIdsOfClient,
} from './client-data.repository.ts';

/** Far more bookings than one client has; the export is never cut short below it. */
const MOST_BOOKINGS = 100_000;

async function reviewsOf(db: Db, businessId: number, ids: readonly number[]) {
  const views = await Promise.all(ids.map((id) => findReviewView(db, businessId, id)));
  return views.flatMap((view) => (view ? [{ ...toReviewJson(view), bookingId: view.booking_id, clientId: view.client_id }] : []));
}

/**
 * Each booking's events as the back office shows them, less what is the salon's own: a
 * connection's address is often its secret (a Slack or Zapier hook), and a receiver's answer may
 * name hosts inside the salon's network. The client learns who received their data (GDPR article
 * 15(1)(c)): the address's scheme and host, and the salon's name for the connection.
 */
async function historyOf(db: Db, businessId: number, bookingIds: readonly number[]) {
  const histories = [];
  for (const bookingId of bookingIds) {
    const { data } = await listBookingEvents({ db }, businessId, bookingId);
    const events = data.map((event) => ({
      ...event,
      deliveries: event.deliveries.map((delivery) => ({
        ...delivery,
        targetUrl: originOf(delivery.targetUrl),
        responseStatusCode: null,
        errorMessage: null,
      })),
    }));
    histories.push({ bookingId, events });
  }
  return histories;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/**
 * Everything the salon holds about one client (GDPR article 15), one JSON document: the record
 * (with what the mail knows of their address), every booking as booked, its history, payments and
 * refunds, reviews, the messages sent to them, their manage links (never the links themselves)
 * and reminders still to come. src/client-rights/client-data.repository.ts CLIENT_TABLES lists
 * which table shows where.
 */
export async function exportClient(app: { readonly db: Db; readonly clock: Clock }, businessId: number, clientId: number) {
  const client = await adminClient(app, businessId, clientId);
  const db = app.db;
  const bookingIds = await bookingIdsOfClient(db, businessId, clientId);
  const [bookings, payments, reviewIds, messages, links, reminders] = await Promise.all([
    pageBookings(db, { businessId, clientId }, 0, MOST_BOOKINGS),
    paymentsOfBookings(db, bookingIds),
    reviewIdsOfClient(db, businessId, clientId, bookingIds),
    messagesOfBookings(db, bookingIds),
    manageLinksOfBookings(db, bookingIds),
    remindersOfBookings(db, bookingIds),
  ]);
  return {
    exportedAt: toIso(app.clock.now()),
    client,
    bookings: bookings.map((view) => toBookingJson(view)),
    history: await historyOf(db, businessId, bookingIds),
    payments: payments.map(toPaymentJson),
    reviews: await reviewsOf(db, businessId, reviewIds),
    messages: messages.map((m) => ({
      bookingId: m.booking_id,
      kind: m.kind,
      to: m.recipient,
      status: m.status,
      attempts: m.attempts,
      sentAt: toIsoOrNull(m.sent_at),
      error: m.error,
      createdAt: toIso(m.created_at),
    })),
    manageLinks: links.map((l) => ({ bookingId: l.booking_id, issuedAt: toIso(l.created_at) })),
    reminders: reminders.map((r) => ({ bookingId: r.booking_id, dueAt: toIso(r.due_at) })),
  };
}
