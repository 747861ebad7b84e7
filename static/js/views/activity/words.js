// The activity's words: who did something and what, in the salon's language (the API's kinds and
// field names never shown as they are).

import { dateTime } from '../../format.js';

/** Who, as the filter offers them: value → words. */
export const WHO = [
  ['', 'Everyone'],
  ['office', 'The back office'],
  ['key', 'Connected programs'],
  ['client', 'Clients'],
  ['system', 'The system'],
];

/** What, as the filter offers it: a kind of thing → words. */
export const WHAT = [
  ['', 'Everything'],
  ['booking', 'Bookings'],
  ['client', 'Clients'],
  ['payment', 'Payments'],
  ['review', 'Reviews'],
  ['service', 'Services'],
  ['staff', 'Staff'],
  ['time_off', 'Time off'],
  ['closure', 'Closures'],
  ['hold', 'Held times'],
  ['business', 'Salon details'],
  ['booking_page', 'Booking page'],
  ['mail_settings', 'E-mail settings'],
  ['calendar_feed', 'Calendar feeds'],
  ['key', 'API keys'],
  ['webhook', 'Connections'],
];

const THINGS = Object.fromEntries(WHAT.slice(1));

const VERBS = {
  created: 'added',
  updated: 'changed',
  deleted: 'removed',
  cancelled: 'cancelled',
  confirmed: 'confirmed',
  completed: 'completed',
  no_show: 'marked as not come',
  rescheduled: 'moved',
  revoked: 'revoked',
  regenerated: 'given a new value',
  released: 'given back',
  erased: 'erased',
  received: 'received',
  refunded: 'refunded',
  secret_rotated: 'given a new signing secret',
  switched_off: 'switched off after failures',
  left_switched_off: 'left switched off',
  reminders_off: 'reminders turned off',
  email_works: 'e-mail address works again',
  schedule_updated: 'weekly hours changed',
  services_updated: 'services changed',
  client_kept: 'client confirmed as the same person',
  client_separated: 'client made a new client',
  logo_set: 'logo changed',
  logo_removed: 'logo removed',
  delivery_retried: 'delivery sent again',
  recovery_started: 'failed deliveries sent again',
  previous_secrets_expired: 'earlier signing secrets ended',
};

const spaced = (name) => name.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, (_, a, b) => `${a} ${b.toLowerCase()}`);

/** "Booking cancelled", "Service changed": the entry's action in words. */
export function actionWords(entry) {
  const [, verb] = entry.action.split('.');
  const thing = THINGS[entry.target.kind] ?? spaced(entry.target.kind);
  const singular = thing.replace(/s$/, '').replace(/^Staff$/, 'Staff member');
  return `${singular} ${VERBS[verb] ?? spaced(verb)}`;
}

/** "the back office", "Website widget (connected program)", "the client", "the system". */
export function whoWords(actor) {
  if (actor.kind === 'office') return 'The back office';
  if (actor.kind === 'key') return `${actor.name} (connected program)`;
  if (actor.kind === 'client') return actor.name.includes('manage link') ? 'The client, with their link' : 'A client, on the booking page';
  return actor.name === 'System' ? 'The system' : `The system (${actor.name.toLowerCase()})`;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function valueWords(value) {
  if (value === null || value === undefined || value === '') return 'nothing';
  if (typeof value === 'string') return INSTANT.test(value) ? dateTime(value) : value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * "price: 3500 → 4000; name changed": what changed, a withheld value only said to have changed.
 * Ids are for programs (the CSV keeps them): the page leaves them out.
 */
export function changeWords(entry) {
  return entry.changes
    .filter((c) => !/Id$/.test(c.field))
    .map((c) => (c.withheld ? `${spaced(c.field)} changed` : `${spaced(c.field)}: ${valueWords(c.before)} → ${valueWords(c.after)}`))
    .join('; ');
}
