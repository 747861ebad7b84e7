// Load: what a booking's page shows, in one round of calls.

import { bookingEvents } from './events.js';

/** The booking, its payments and refunds, its events (and where they went), and the staff it can move to. */
export async function loadBooking(api, bookingId) {
  const [booking, payments, events, staff] = await Promise.all([
    api.call('adminGetBooking', { id: bookingId }),
    api.list('adminListPayments', { query: { bookingId, limit: 100 } }),
    bookingEvents(api, bookingId),
    api.list('adminListStaff'),
  ]);
  return { booking, payments, events, staff };
}
