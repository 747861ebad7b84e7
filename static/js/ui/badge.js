// The one status badge, and what each kind of thing's statuses are called: [label, tone] by status.

import { h } from '../dom.js';
import { marked, t } from '../locale.js';

/** A booking's status, the same on the calendar, its own page and a client's visits. */
export const BOOKING_STATUS = {
  pending: [marked('Waiting for confirmation'), 'warn'],
  confirmed: [marked('Confirmed'), 'good'],
  completed: [marked('Completed'), 'neutral'],
  no_show: [marked('No-show'), 'bad'],
  cancelled: [marked('Cancelled'), 'neutral'],
};

/** One delivery attempt's outcome. */
export const ATTEMPT_STATUS = {
  success: [marked('Delivered'), 'good'],
  retrying: [marked('Failed, retried later'), 'warn'],
  failed: [marked('Failed'), 'bad'],
  pending: [marked('Waiting to be sent'), 'neutral'],
};

/** An e-mail to a client: how it went. */
export const MESSAGE_STATUS = {
  sent: [marked('Sent'), 'good'],
  pending: [marked('Waiting to be sent'), 'warn'],
  failed: [marked('Not delivered'), 'bad'],
  skipped: [marked('Not sent'), 'neutral'],
};

export const KEY_STATUS = {
  active: [marked('Active'), 'good'],
  revoked: [marked('Revoked'), 'neutral'],
  expired: [marked('Expired'), 'warn'],
};

export const WEBHOOK_STATUS = {
  active: [marked('Working'), 'good'],
  failed: [marked('Switched off'), 'bad'],
};

/** A service by whether it is active. */
export const SERVICE_STATUS = {
  true: [marked('Bookable'), 'good'],
  false: [marked('Switched off'), 'neutral'],
};

/** A staff member by whether they are active. */
export const STAFF_STATUS = {
  true: [marked('Takes bookings'), 'good'],
  false: [marked('Not taking bookings'), 'neutral'],
};

/** The words of `status` in `statuses`, in the page's language: [label, tone]; an unknown one as it is. */
export function statusWords(statuses, status) {
  const words = statuses[status];
  return words ? [t(words[0]), words[1]] : [String(status), 'neutral'];
}

/** statusBadge(BOOKING_STATUS, booking.status): the label in a badge of its tone. */
export function statusBadge(statuses, status) {
  const [label, tone] = statusWords(statuses, status);
  return h('span', { class: `badge ${tone}` }, label);
}
