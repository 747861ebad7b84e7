// Numbers, times and names in plain words, in the page's language (locale.js), not the browser's.

import { intl } from './locale.js';

const dateTimeFormat = () => intl(Intl.DateTimeFormat, { dateStyle: 'medium', timeStyle: 'short' });
const timeFormat = () => intl(Intl.DateTimeFormat, { hour: '2-digit', minute: '2-digit' });
const relative = () => intl(Intl.RelativeTimeFormat, { numeric: 'auto' });

export const dateTime = (iso) => dateTimeFormat().format(new Date(iso));
export const clockTime = (iso) => timeFormat().format(new Date(iso));

export function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

const UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago", "in 2 hours", "just now". */
export function timeAgo(iso, now = Date.now()) {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'minute') return relative().format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** "21 Nov 2026, 10:05 (5 minutes ago)" */
export const dateTimeAgo = (iso) => `${dateTime(iso)} (${timeAgo(iso)})`;

/** "3 days, 4 hours", "2 hours, 5 minutes", "4 minutes" */
export function duration(totalSeconds) {
  const parts = [];
  let rest = totalSeconds;
  for (const [unit, size] of UNITS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(plural(n, unit, `${unit}s`));
  }
  return parts.length ? parts.slice(0, 2).join(', ') : 'less than a minute';
}

export function bytes(n) {
  if (n < 1024) return `${n} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** What a key may do, in words (spec section 5's scopes). */
export const SCOPE_LABELS = {
  'business:read': "See the salon's details: name, address, opening hours",
  'services:read': 'See the services and their prices',
  'staff:read': 'See the staff and what each of them does',
  'slots:read': 'See free appointment times',
  'bookings:read': 'See all bookings',
  'bookings:write': 'Make and cancel bookings',
  'reviews:read': 'See reviews',
  'webhooks:manage': 'Get notified of new bookings and other changes',
};

export const scopeLabel = (scope) => SCOPE_LABELS[scope] ?? scope;

/** Events a connection is notified about. */
export const EVENT_LABELS = {
  'booking.created': 'new booking',
  'booking.confirmed': 'booking confirmed',
  'booking.cancelled': 'booking cancelled',
  'booking.completed': 'visit completed',
  'booking.no_show': 'client did not come',
  'booking.rescheduled': 'booking moved',
  'client.created': 'new client',
  'client.updated': 'client details changed',
  'review.created': 'new review',
  'payment.received': 'payment received',
  'payment.refunded': 'refund made',
  'staff.schedule_updated': 'staff schedule changed',
  'service.updated': 'service changed',
  'service.deleted': 'service removed',
  'booking.reminder_due': 'time to remind the client',
  'webhook.ping': 'test',
  '*': 'everything, also what is added later',
};

export const eventLabel = (event) => EVENT_LABELS[event] ?? event;

export const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);

export const TRIGGER_LABELS = {
  event: null,
  retry: 'automatic retry',
  manual: 'sent again by hand',
  ping: 'test',
};

/** "crm.example.com" from a URL, for a connection without a description. */
export function hostOf(url) {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
