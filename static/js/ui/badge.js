// The one status badge, and what each kind of thing's statuses are called: [label, tone] by status.

import { h } from '../dom.js';

/** A booking's status, the same on the calendar, its own page and a client's visits. */
export const BOOKING_STATUS = {
  pending: ['Waiting for confirmation', 'warn'],
  confirmed: ['Confirmed', 'good'],
  completed: ['Completed', 'neutral'],
  no_show: ['No-show', 'bad'],
  cancelled: ['Cancelled', 'neutral'],
};

/** One delivery attempt's outcome. */
export const ATTEMPT_STATUS = {
  success: ['Delivered', 'good'],
  retrying: ['Failed, retried later', 'warn'],
  failed: ['Failed', 'bad'],
  pending: ['Waiting to be sent', 'neutral'],
};

/** An e-mail to a client: how it went. */
export const MESSAGE_STATUS = {
  sent: ['Sent', 'good'],
  pending: ['Waiting to be sent', 'warn'],
  failed: ['Not delivered', 'bad'],
  skipped: ['Not sent', 'neutral'],
};

export const KEY_STATUS = {
  active: ['Active', 'good'],
  revoked: ['Revoked', 'neutral'],
  expired: ['Expired', 'warn'],
};

export const WEBHOOK_STATUS = {
  active: ['Working', 'good'],
  failed: ['Switched off', 'bad'],
};

/** A service by whether it is active. */
export const SERVICE_STATUS = {
  true: ['Bookable', 'good'],
  false: ['Switched off', 'neutral'],
};

/** A staff member by whether they are active. */
export const STAFF_STATUS = {
  true: ['Takes bookings', 'good'],
  false: ['Not taking bookings', 'neutral'],
};

/** The words of `status` in `statuses`: [label, tone]; an unknown one as it is. */
export const statusWords = (statuses, status) => statuses[status] ?? [String(status), 'neutral'];

/** statusBadge(BOOKING_STATUS, booking.status): the label in a badge of its tone. */
export function statusBadge(statuses, status) {
  const [label, tone] = statusWords(statuses, status);
  return h('span', { class: `badge ${tone}` }, label);
}
