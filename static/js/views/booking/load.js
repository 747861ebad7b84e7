// Load: what a booking's page shows, in one round of calls.

import { bookingEvents } from './events.js';

/** The client's record, for what the salon noted about them (allergies, preferences). */
async function clientOf(api, booking) {
  return booking.client.id ? api.call('adminGetClient', { id: booking.client.id }) : null;
}

/**
 * The booking, its client, payments and refunds, its events (and where they went), and the staff it
 * can move to. A stylist (`me`) sees their own booking without the client's record and the
 * payments, which are the desk's.
 */
export async function loadBooking(api, bookingId, me = null) {
  const desk = me?.role !== 'stylist';
  const asked = api.call('adminGetBooking', { id: bookingId });
  const [booking, client, payments, events, staff] = await Promise.all([
    asked,
    desk ? asked.then((booking) => clientOf(api, booking)) : null,
    desk ? api.list('adminListPayments', { query: { bookingId, limit: 100 } }) : [],
    bookingEvents(api, bookingId),
    api.list('adminListStaff'),
  ]);
  return { booking, client, payments, events, staff };
}
