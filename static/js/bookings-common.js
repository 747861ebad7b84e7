// What the calendar and a booking's page share: the statuses in words and fetching whole lists.

import { api } from './api.js';
import { h, isolate } from './dom.js';

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

/** The same, for the page: the name isolated (dom.js isolate()), made afresh on each call. */
export function clientLabel(booking) {
  return booking.clientCheck ? [isolate(booking.bookedAs.name), ' (to check)'] : isolate(booking.client.name);
}

/** Every page of a list endpoint (`path` without page/limit), up to `max` items. */
export async function fetchAll(path, max = 1000) {
  const items = [];
  const join = path.includes('?') ? '&' : '?';
  for (let page = 1; items.length < max; page += 1) {
    const answer = await api(`${path}${join}page=${page}&limit=100`);
    items.push(...answer.data);
    if (answer.data.length < 100 || items.length >= (answer.total ?? Number.POSITIVE_INFINITY)) break;
  }
  return items;
}
