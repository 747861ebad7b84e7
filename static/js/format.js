// Numbers, times and names in plain words, in the page's language (locale.js), not the browser's.

import { intl, marked, t, tn } from './locale.js';
import { shownZone } from './salon-time.js';

/**
 * The page's one hour cycle, in English and German alike: 24 hours ("14:30"), as the API's times,
 * the calendar and the time fields write them (docs/decisions.md, "One hour cycle").
 */
export const HOUR_CYCLE = 'h23';

// In the salon's time zone (salon-time.js showTimesIn()), whatever the browser's is.
const dateTimeFormat = () =>
  intl(Intl.DateTimeFormat, { dateStyle: 'medium', timeStyle: 'short', hourCycle: HOUR_CYCLE, timeZone: shownZone() });
const timeFormat = () => intl(Intl.DateTimeFormat, { hour: '2-digit', minute: '2-digit', hourCycle: HOUR_CYCLE, timeZone: shownZone() });
const secondsFormat = () =>
  intl(Intl.DateTimeFormat, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: HOUR_CYCLE, timeZone: shownZone() });
const relative = () => intl(Intl.RelativeTimeFormat, { numeric: 'auto' });

export const dateTime = (iso) => dateTimeFormat().format(new Date(iso));
export const clockTime = (iso) => timeFormat().format(new Date(iso));
/** "10:05:09" of an instant, in the salon's zone. */
export const clockSeconds = (iso) => secondsFormat().format(new Date(iso));

/**
 * English only: "3 bookings". Say a count with tn() of locale.js instead, which has the page's
 * language: tn(n, '{count} booking', '{count} bookings').
 */
export function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

const UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "3 days", "1 hour", "4 minutes", in the page's language. */
const UNIT_WORDS = {
  day: (n) => tn(n, '{count} day', '{count} days'),
  hour: (n) => tn(n, '{count} hour', '{count} hours'),
  minute: (n) => tn(n, '{count} minute', '{count} minutes'),
};

/** "5 minutes ago", "in 2 hours", "just now". */
export function timeAgo(iso, now = Date.now()) {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Math.abs(seconds) < 45) return t('just now');
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'minute') return relative().format(Math.round(seconds / size), unit);
  }
  return t('just now');
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
    if (n > 0) parts.push(UNIT_WORDS[unit](n));
  }
  return parts.length ? parts.slice(0, 2).join(', ') : t('less than a minute');
}

export function bytes(n) {
  // Written without grouping ("1023 bytes"), as the units' numbers are.
  const count = intl(Intl.NumberFormat, { useGrouping: false }).format(n);
  if (n < 1024) return n === 1 ? t('{count} byte', { count }) : t('{count} bytes', { count });
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value < 10 ? 1 : 0;
  const number = intl(Intl.NumberFormat, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
  return `${number.format(value)} ${units[unit]}`;
}

/** What a key may do, in words (spec section 5's scopes), in English: scopeLabel() says them in the page's language. */
export const SCOPE_LABELS = {
  'business:read': marked("See the salon's details: name, address, opening hours"),
  'services:read': marked('See the services and their prices'),
  'staff:read': marked('See the staff and what each of them does'),
  'slots:read': marked('See free appointment times'),
  'bookings:read': marked('See all bookings'),
  'bookings:write': marked('Make and cancel bookings'),
  'reviews:read': marked('See reviews'),
  'webhooks:manage': marked('Get notified of new bookings and other changes'),
};

export const scopeLabel = (scope) => (SCOPE_LABELS[scope] ? t(SCOPE_LABELS[scope]) : scope);

/** Events a connection is notified about, in English: eventLabel() says them in the page's language. */
export const EVENT_LABELS = {
  'booking.created': marked('new booking'),
  'booking.confirmed': marked('booking confirmed'),
  'booking.cancelled': marked('booking cancelled'),
  'booking.completed': marked('visit completed'),
  'booking.no_show': marked('client did not come'),
  'booking.rescheduled': marked('booking moved'),
  'client.created': marked('new client'),
  'client.updated': marked('client details changed'),
  'review.created': marked('new review'),
  'payment.received': marked('payment received'),
  'payment.refunded': marked('refund made'),
  'staff.schedule_updated': marked('staff schedule changed'),
  'service.updated': marked('service changed'),
  'service.deleted': marked('service removed'),
  'booking.reminder_due': marked('time to remind the client'),
  'webhook.ping': marked('test'),
  '*': marked('everything, also what is added later'),
};

export const eventLabel = (event) => (EVENT_LABELS[event] ? t(EVENT_LABELS[event]) : event);

export const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);

export const TRIGGER_LABELS = {
  event: null,
  retry: marked('automatic retry'),
  manual: marked('sent again by hand'),
  ping: marked('test'),
};

/** What made a delivery attempt, in the page's language: null for an event's own. */
export const triggerLabel = (trigger) => (TRIGGER_LABELS[trigger] ? t(TRIGGER_LABELS[trigger]) : null);

/** "crm.example.com" from a URL, for a connection without a description. */
export function hostOf(url) {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * A time zone as a salon reads it: its city and the zone's name in the page's language, "Berlin
 * (Mitteleuropäische Zeit)", never "Europe/Berlin"; a zone without a city (UTC) as it is.
 */
export function zoneWords(zone) {
  if (!zone?.includes('/')) return zone;
  const city = zone.split('/').at(-1).replaceAll('_', ' ');
  const name = intl(Intl.DateTimeFormat, { timeZone: zone, timeZoneName: 'longGeneric' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')?.value;
  return name && !name.startsWith('GMT') ? `${city} (${name})` : city;
}

/** A time zone in a list of them: "Africa/Addis Ababa", the same in the setup and in Settings. */
export const zoneOption = (zone) => zone.replaceAll('_', ' ');
