// The activity's words: who did something and what, in the salon's language (the API's kinds and
// field names never shown as they are).

import { capitalise, eventLabel, HOUR_CYCLE, scopeLabel } from '../../format.js';
import { intl, marked, t, tn } from '../../locale.js';
import { money } from '../../ui/money.js';
import { ERASED_NAME } from '../clients/rights.js';

/** Who, as the filter offers them: value → words. */
export const WHO = [
  ['', marked('Everyone')],
  ['person', marked('People with an account')],
  ['office', marked('The back office (access code)')],
  ['key', marked('Connected programs')],
  ['client', marked('Clients')],
  ['system', marked('The system')],
];

/** What, as the filter offers it: a kind of thing → words. */
export const WHAT = [
  ['', marked('Everything')],
  ['booking', marked('Bookings')],
  ['client', marked('Clients')],
  ['payment', marked('Payments')],
  ['review', marked('Reviews')],
  ['service', marked('Services')],
  ['staff', marked('Staff')],
  ['time_off', marked('Time off')],
  ['closure', marked('Closures')],
  ['hold', marked('Held times')],
  ['business', marked('Salon details')],
  ['booking_page', marked('Booking page')],
  ['mail_settings', marked('E-mail settings')],
  ['calendar_feed', marked('Calendar feeds')],
  ['key', marked('API keys')],
  ['webhook', marked('Connections')],
  // Not a kind of the salon's entries: the way to People, where each person's account history is (people.js).
  ['people', marked('People (accounts and sign-ins)')],
];

/** One of a kind of thing, as an entry names it: "Booking", "Staff member". */
const THING = {
  booking: marked('Booking'),
  client: marked('Client'),
  payment: marked('Payment'),
  review: marked('Review'),
  service: marked('Service'),
  staff: marked('Staff member'),
  time_off: marked('Time off'),
  closure: marked('Closure'),
  hold: marked('Held time'),
  business: marked('Salon detail'),
  booking_page: marked('Booking page'),
  mail_settings: marked('E-mail setting'),
  calendar_feed: marked('Calendar feed'),
  key: marked('API key'),
  webhook: marked('Connection'),
};

const VERBS = {
  created: marked('added'),
  updated: marked('changed'),
  deleted: marked('removed'),
  cancelled: marked('cancelled'),
  confirmed: marked('confirmed'),
  completed: marked('completed'),
  no_show: marked('marked as not come'),
  rescheduled: marked('moved'),
  revoked: marked('revoked'),
  regenerated: marked('given a new value'),
  released: marked('given back'),
  erased: marked('erased'),
  received: marked('received'),
  refunded: marked('refunded'),
  secret_rotated: marked('given a new signing secret'),
  switched_off: marked('switched off after failures'),
  left_switched_off: marked('left switched off'),
  reminders_off: marked('reminders turned off'),
  email_works: marked('e-mail address works again'),
  schedule_updated: marked('weekly hours changed'),
  services_updated: marked('services changed'),
  client_kept: marked('client confirmed as the same person'),
  client_separated: marked('client made a new client'),
  logo_set: marked('logo changed'),
  logo_removed: marked('logo removed'),
  delivery_retried: marked('delivery sent again'),
  recovery_started: marked('failed deliveries sent again'),
  previous_secrets_expired: marked('earlier signing secrets ended'),
};

const spaced = (name) => name.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, (_, a, b) => `${a} ${b.toLowerCase()}`);

/** Actions said as a whole rather than as a thing and a verb ("Salon detail added" for a new salon). */
const ACTIONS = { 'business.created': marked('Salon set up') };

/** "Booking cancelled", "Service changed": the entry's action in words. */
export function actionWords(entry) {
  if (ACTIONS[entry.action]) return t(ACTIONS[entry.action]);
  const [, verb] = entry.action.split('.');
  const thing = THING[entry.target.kind] ?? capitalise(spaced(entry.target.kind).toLowerCase().replace(/s$/, ''));
  return t('{thing} {action}', { thing: t(thing), action: t(VERBS[verb] ?? spaced(verb)) });
}

/**
 * "Erna Example · Haircut + Colour · 23 Nov 2026, 14:00 · with Anna": whose booking and what, for
 * a booking's, a payment's or a refund's entry (the server reads `entry.booking` as the booking is
 * now). A booking's entry says the time and staff member it left (a booking moved, its new time;
 * a booking added, the one it was made for), others the booking's now; '' without a booking.
 */
export function bookingWords(entry, salon) {
  const booking = entry.booking;
  if (!booking) return '';
  const left = (field) =>
    entry.target.kind === 'booking' ? entry.changes.find((c) => c.field === field && !c.withheld && c.after)?.after : undefined;
  const staff = left('staffName') ?? booking.staff;
  return [
    booking.client === ERASED_NAME ? t(ERASED_NAME) : booking.client,
    booking.services.join(' + '),
    instantWords(left('startTime') ?? booking.startTime, salon.zone),
    staff ? t('with {staff}', { staff }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The system's parts that change things, by the name the server gives them. */
const SYSTEM_PARTS = {
  'Command line': marked('The system (command line)'),
  'Delivery switch-off': marked('The system (delivery switch-off)'),
};

/** "Sam Desk", "the back office", "Website widget (connected program)", "the client", "the system". */
export function whoWords(actor) {
  // A person by the name they had then: "Sam Desk".
  if (actor.kind === 'person') return actor.name;
  if (actor.kind === 'office') return t('The back office');
  if (actor.kind === 'key') return t('{name} (connected program)', { name: actor.name });
  if (actor.kind === 'client')
    return actor.name.includes('manage link') ? t('The client, with their link') : t('A client, on the booking page');
  if (actor.name === 'System') return t('The system');
  return SYSTEM_PARTS[actor.name] ? t(SYSTEM_PARTS[actor.name]) : t('The system ({name})', { name: actor.name.toLowerCase() });
}

/**
 * A changed field in words, by its name in the API. A field not here (one a later version adds)
 * is spelled out as a word, never as its name: "startTime" → "Start time".
 */
const FIELDS = {
  name: marked('Name'),
  email: marked('E-mail'),
  phone: marked('Phone'),
  notes: marked('Notes'),
  note: marked('Note'),
  status: marked('Status'),
  active: marked('Active'),
  startTime: marked('Start'),
  endTime: marked('End'),
  staff: marked('Staff member'),
  staffName: marked('Staff member'),
  client: marked('Client'),
  clientCheck: marked('Client check'),
  cancelReason: marked('Reason for cancelling'),
  expiresAt: marked('Held until'),
  durationMinutes: marked('Duration'),
  bufferBeforeMinutes: marked('Preparation time'),
  bufferAfterMinutes: marked('Cleanup time'),
  holdMinutes: marked('Times held for'),
  price: marked('Price'),
  currency: marked('Currency'),
  amount: marked('Amount'),
  method: marked('Payment method'),
  reason: marked('Reason'),
  rating: marked('Rating'),
  comment: marked('Comment'),
  authorName: marked('Written by'),
  title: marked('Title'),
  schedule: marked('Weekly hours'),
  serviceIds: marked('Services'),
  services: marked('Services'),
  serviceName: marked('Service'),
  serviceNames: marked('Services'),
  startDate: marked('First day'),
  endDate: marked('Last day'),
  allDay: marked('All day'),
  phoneCountry: marked('Country of the phone numbers'),
  timezone: marked('Time zone'),
  workingHours: marked('Opening hours'),
  slotStepMinutes: marked('Times offered every'),
  minNoticeMinutes: marked('Shortest notice for a booking'),
  horizonDays: marked('Bookable ahead'),
  reminderLeadMinutes: marked('Reminder before the visit'),
  cancelCutoffMinutes: marked('Clients may cancel up to this long before'),
  cancellationPolicy: marked('Cancellation policy'),
  confirmNewClients: marked('New clients confirmed by hand'),
  confirmsNewClients: marked('New clients confirmed by hand'),
  deskContactRequired: marked('Phone or e-mail needed at the desk'),
  locale: marked('Language'),
  accentColor: marked('Accent colour'),
  logo: marked('Logo'),
  slug: marked('Address of the booking page'),
  address: marked('Address'),
  website: marked('Website'),
  sender: marked('Sender'),
  server: marked('Mail server'),
  source: marked('Booked via'),
  bookedAs: marked('Booked as'),
  role: marked('Role'),
  kind: marked('Kind'),
  scopes: marked('Permissions'),
  key: marked('Key'),
  keyName: marked('API key'),
  description: marked('Description'),
  events: marked('Events'),
  targetUrl: marked('Address it sends to'),
  headers: marked('Extra headers'),
  allowedOrigins: marked('Websites allowed to book'),
  disabledAt: marked('Switched off'),
  disabledReason: marked('Why it was switched off'),
  revokedAt: marked('Revoked'),
  emailState: marked('E-mail address works'),
};

/** "someNewField", "some_new_field" → "Some new field": a field the page has no words for yet. */
export const fieldWords = (field) => t(FIELDS[field] ?? capitalise(spaced(field).toLowerCase()));

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Amounts in minor units (cents), shown as money in the salon's currency. */
const MONEY = new Set(['price', 'amount']);

/** Values that are words, by field: a booking's status, a payment's method, where a booking came from. */
const WORDS = {
  status: {
    pending: marked('pending'),
    confirmed: marked('confirmed'),
    completed: marked('completed'),
    no_show: marked('did not come'),
    cancelled: marked('cancelled'),
    active: marked('active'),
    failed: marked('failed'),
  },
  method: { cash: marked('cash'), card: marked('card'), voucher: marked('voucher'), online: marked('online'), other: marked('other') },
  source: { desk: marked('at the desk'), website: marked('the booking page'), integration: marked('a connected program') },
};
const YES_NO = { true: marked('yes'), false: marked('no') };

/** "15 min", "2 h", "60 days": a length of time in the page's language. */
function lengthWords(field, value) {
  const n = (number) => intl(Intl.NumberFormat).format(number);
  const days = (count) => tn(count, '{count} day', '{count} days');
  if (/Days$/.test(field)) return days(value);
  if (value >= 2880 && value % 1440 === 0) return days(value / 1440);
  if (value >= 120 && value % 60 === 0) return t('{hours} h', { hours: n(value / 60) });
  return t('{minutes} min', { minutes: n(value) });
}

/** A list's items: a key's scopes and a connection's events in words, others as they are. */
const ITEMS = { scopes: scopeLabel, events: eventLabel };

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const times = (spans) => spans.map((span) => `${span.start}–${span.end}`).join(' + ');

/** A week's hours ({mon: [{start, end}]}, or {mon: {hours, breaks}}): "Mon 09:00–18:00, break 13:00–13:30 · …". */
function weekWords(week) {
  const weekday = intl(Intl.DateTimeFormat, { weekday: 'short', timeZone: 'UTC' });
  return DAYS.filter((day) => day in week)
    .map((day) => {
      const name = weekday.format(new Date(Date.UTC(2026, 10, 23 + DAYS.indexOf(day))));
      const hours = Array.isArray(week[day]) ? week[day] : (week[day].hours ?? []);
      const breaks = Array.isArray(week[day]) ? [] : (week[day].breaks ?? []);
      if (hours.length === 0) return `${name} –`;
      if (breaks.length === 0) return `${name} ${times(hours)}`;
      return t('{day} {hours}, break {breaks}', { day: name, hours: times(hours), breaks: times(breaks) });
    })
    .join(' · ');
}

/** An instant ("2026-11-23T10:00:00+01:00") as a date and time in the salon's time zone. */
export const instantWords = (iso, zone) =>
  intl(Intl.DateTimeFormat, { dateStyle: 'medium', timeStyle: 'short', hourCycle: HOUR_CYCLE, timeZone: zone }).format(new Date(iso));

/** A value as the salon reads it; `salon`: { currency, zone, services: Map of id → name }. */
function valueWords(field, value, salon) {
  if (value === null || value === undefined || value === '') return t('nothing');
  if (typeof value === 'string' && WORDS[field]?.[value]) return t(WORDS[field][value]);
  if (typeof value === 'boolean') return t(YES_NO[value]);
  if (MONEY.has(field) && typeof value === 'number') return money(value, salon.currency);
  if (/(Minutes|Days)$/.test(field) && typeof value === 'number') return lengthWords(field, value);
  if (field === 'serviceIds' && Array.isArray(value)) return value.map((id) => salon.services.get(id) ?? `#${id}`).join(', ');
  if (field === 'locale' && typeof value === 'string')
    return intl(Intl.DisplayNames, { type: 'language', languageDisplay: 'standard' }).of(value) ?? value;
  if (field === 'phoneCountry' && typeof value === 'string') return intl(Intl.DisplayNames, { type: 'region' }).of(value) ?? value;
  if (typeof value === 'string' && DATE.test(value))
    return intl(Intl.DateTimeFormat, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
  if (typeof value === 'string' && INSTANT.test(value)) return instantWords(value, salon.zone);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return ITEMS[field] ? value.map((item) => t(ITEMS[field](item))).join(' · ') : value.map(String).join(', ');
  if (typeof value === 'object' && DAYS.some((day) => day in value)) return weekWords(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Whole days (a closure, a day off) are said by their first and last day: their times, which end
 * at the next midnight, go. A day off made part of a day keeps its times: they say it now.
 */
function wholeDays(changes) {
  if (changes.some((c) => c.field === 'allDay' && c.after === false)) return false;
  return changes.some((c) => (c.field === 'startDate' || c.field === 'endDate') && (c.before || c.after));
}

/**
 * "Price: €35.00 → €40.00; Name changed": what changed, a withheld value only said to have
 * changed. Ids are for programs (the CSV keeps them): the page leaves them out. `salon`:
 * { currency, zone, services: Map of id → name }.
 */
export function changeWords(entry, salon) {
  const days = wholeDays(entry.changes);
  return entry.changes
    .filter((c) => c.field !== 'id' && !/Id$/.test(c.field) && !(days && (c.field === 'startTime' || c.field === 'endTime')))
    .map((c) => {
      const field = fieldWords(c.field);
      if (c.withheld) return t('{field} changed', { field });
      const [before, after] = [valueWords(c.field, c.before, salon), valueWords(c.field, c.after, salon)];
      return t('{field}: {before} → {after}', { field, before, after });
    })
    .join('; ');
}
