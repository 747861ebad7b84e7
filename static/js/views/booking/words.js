// How a booking's page and the calendar name things: whom a booking is for, and how it was paid.

import { isolate } from '../../dom.js';

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

export const PAYMENT_METHODS = [
  ['cash', 'Cash'],
  ['card', 'Card'],
  ['voucher', 'Voucher'],
  ['online', 'Paid online'],
  ['other', 'Other'],
];

export const methodLabel = (method) => PAYMENT_METHODS.find(([m]) => m === method)?.[1] ?? method;
