// How a booking's page and the calendar name things: whom a booking is for, and how it was paid;
// and sentences with names in them, in the page's language.

import { isolate, phrase } from '../../dom.js';
import { marked, pageLanguage, t } from '../../locale.js';

/**
 * Whom a booking is for, as the calendar and the booking's page name them: the client's name; while
 * the salon has not said whether the details given are that client's (clientCheck), the name given.
 */
export function clientName(booking) {
  return booking.clientCheck ? t('{name} (to check)', { name: booking.bookedAs.name }) : booking.client.name;
}

/** The same, for the page: the name isolated (dom.js isolate()), made afresh on each call. */
export function clientLabel(booking) {
  return booking.clientCheck ? phrase(t('{name} (to check)'), { name: isolate(booking.bookedAs.name) }) : isolate(booking.client.name);
}

/** The ways a client pays, [method, label]: the label is shown through t(). */
export const PAYMENT_METHODS = [
  ['cash', marked('Cash')],
  ['card', marked('Card')],
  ['voucher', marked('Voucher')],
  ['online', marked('Paid online')],
  ['other', marked('Other')],
];

/** "Card": how a payment was made, in the page's language (an unknown method as the API says it). */
export const methodLabel = (method) => {
  const label = PAYMENT_METHODS.find(([m]) => m === method)?.[1];
  return label ? t(label) : method;
};

/** The same inside a sentence: "card" in English; German keeps a noun's capital ("Karte"). */
export const methodWords = (method) => (pageLanguage() === 'en' ? methodLabel(method).toLowerCase() : methodLabel(method));
