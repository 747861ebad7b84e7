// What the calendar and a booking's page share: the statuses in words and whom a booking is for.

import { h } from './dom.js';

/** A booking's status: [label, badge tone]. */
export const BOOKING_STATUS = {
  pending: ['Waiting for confirmation', 'warn'],
  confirmed: ['Confirmed', 'good'],
  completed: ['Completed', 'neutral'],
  no_show: ['No-show', 'bad'],
  cancelled: ['Cancelled', 'neutral'],
};

export function statusBadge(status) {
  const [label, tone] = BOOKING_STATUS[status] ?? [status, 'neutral'];
  return h('span', { class: `badge ${tone}` }, label);
}

/**
 * Whom a booking is for, as the calendar and the booking's page name them: the client's name; while
 * the salon has not said whether the details given are that client's (clientCheck), the name given.
 */
export function clientName(booking) {
  return booking.clientCheck ? `${booking.bookedAs.name} (to check)` : booking.client.name;
}
