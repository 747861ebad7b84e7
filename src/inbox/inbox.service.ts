import type { Db } from '../db/transaction.ts';
import { toBookingJson } from '../bookings/booking.presenter.ts';
import { countWaitingBookings, type BookingView, waitingBookingViews } from '../bookings/bookings.repository.ts';
import { switchedOffWebhooks } from '../webhooks/switched-off.ts';
import { keysByIds } from './inbox.repository.ts';

export type InboxDeps = { readonly db: Db };

/** How many waiting bookings the inbox lists; `count` still counts them all. */
export const INBOX_LIMIT = 100;

type Key = { name: string; kind: 'api' | 'page' };

/** Where a booking came from, in the report's words: the desk, the booking page, or an API key (named). */
function originOf(view: BookingView, key: Key | undefined) {
  if (view.source === 'admin') return { origin: 'desk' as const, keyName: null };
  if (key?.kind === 'page') return { origin: 'website' as const, keyName: null };
  return { origin: 'integration' as const, keyName: key?.name ?? null };
}

/** What the booking waits on the salon for: a confirmation, an answer about its client, or both. */
function waitsFor(view: BookingView) {
  return [...(view.status === 'pending' ? ['confirmation' as const] : []), ...(view.client_check ? ['client-check' as const] : [])];
}

/**
 * What waits on the salon (docs/decisions.md, "The inbox"): bookings to confirm or decline and
 * client checks to answer, newest first, and connections switched off after their failures that
 * nobody has acted on. `count` is what the menu shows.
 */
export async function salonInbox(app: InboxDeps, businessId: number) {
  const [views, waiting, switchedOff] = await Promise.all([
    waitingBookingViews(app.db, businessId, INBOX_LIMIT),
    countWaitingBookings(app.db, businessId),
    switchedOffWebhooks(app.db, businessId),
  ]);
  const keys = await keysByIds(app.db, [...new Set(views.flatMap((v) => (v.api_key_id === null ? [] : [v.api_key_id])))]);
  const bookings = views.map((view) => ({
    booking: toBookingJson(view),
    ...originOf(view, view.api_key_id === null ? undefined : keys.get(view.api_key_id)),
    waitsFor: waitsFor(view),
  }));
  return { count: waiting + switchedOff.data.length, bookings, switchedOff: switchedOff.data };
}
