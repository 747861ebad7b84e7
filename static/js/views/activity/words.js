// The activity's words: who did something and what, in the salon's language (the API's kinds and
// field names never shown as they are).

import { dateTime, eventLabel, scopeLabel } from '../../format.js';
import { intl, marked, t } from '../../locale.js';
import { money } from '../../ui/money.js';

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

/** "Booking cancelled", "Service changed": the entry's action in words. */
export function actionWords(entry) {
  const [, verb] = entry.action.split('.');
  const thing = THING[entry.target.kind] ?? spaced(entry.target.kind).replace(/s$/, '');
  return t('{thing} {action}', { thing: t(thing), action: t(VERBS[verb] ?? spaced(verb)) });
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

/** A changed field in words, by its name in the API (one not here is spelled out: "startTime" → "start time"). */
const FIELDS = {
  id: marked('id'),
  name: marked('name'),
  email: marked('email'),
  phone: marked('phone'),
  notes: marked('notes'),
  status: marked('status'),
  active: marked('active'),
  startTime: marked('start time'),
  endTime: marked('end time'),
  staffName: marked('staff name'),
  clientCheck: marked('client check'),
  cancelReason: marked('cancel reason'),
  createdAt: marked('created at'),
  updatedAt: marked('updated at'),
  expiresAt: marked('expires at'),
  durationMinutes: marked('duration minutes'),
  bufferBeforeMinutes: marked('buffer before minutes'),
  bufferAfterMinutes: marked('buffer after minutes'),
  price: marked('price'),
  currency: marked('currency'),
  amount: marked('amount'),
  method: marked('method'),
  reason: marked('reason'),
  rating: marked('rating'),
  comment: marked('comment'),
  authorName: marked('author name'),
  schedule: marked('schedule'),
  serviceIds: marked('services'),
  startDate: marked('first day'),
  endDate: marked('last day'),
  allDay: marked('all day'),
  note: marked('note'),
  phoneCountry: marked('country of the phone numbers'),
  timezone: marked('timezone'),
  workingHours: marked('working hours'),
  slotStepMinutes: marked('slot step minutes'),
  minNoticeMinutes: marked('min notice minutes'),
  horizonDays: marked('horizon days'),
  reminderLeadMinutes: marked('reminder lead minutes'),
  cancelCutoffMinutes: marked('cancel cutoff minutes'),
  deskContactRequired: marked('desk contact required'),
  locale: marked('locale'),
  scopes: marked('scopes'),
  key: marked('key'),
  description: marked('description'),
  events: marked('events'),
};

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Amounts in minor units (cents), shown as money in the salon's currency. */
const MONEY = new Set(['price', 'amount']);

/** Values that are words, by field: a booking's status, a payment's method, yes or no. */
const WORDS = {
  status: new Set([
    marked('pending'),
    marked('confirmed'),
    marked('completed'),
    marked('no_show'),
    marked('cancelled'),
    marked('active'),
    marked('failed'),
  ]),
  method: new Set([marked('cash'), marked('card'), marked('voucher'), marked('online'), marked('other')]),
};
const YES_NO = { true: marked('true'), false: marked('false') };

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

/** A value as the salon reads it; `salon`: { currency, services: Map of id → name }. */
function valueWords(field, value, salon) {
  if (value === null || value === undefined || value === '') return t('nothing');
  if (WORDS[field]?.has(value)) return t(value);
  if (typeof value === 'boolean') return t(YES_NO[value]);
  if (MONEY.has(field) && typeof value === 'number') return money(value, salon.currency);
  if (field === 'serviceIds' && Array.isArray(value)) return value.map((id) => salon.services.get(id) ?? `#${id}`).join(', ');
  if (field === 'locale' && typeof value === 'string') return intl(Intl.DisplayNames, { type: 'language' }).of(value) ?? value;
  if (field === 'phoneCountry' && typeof value === 'string') return intl(Intl.DisplayNames, { type: 'region' }).of(value) ?? value;
  if (typeof value === 'string' && DATE.test(value))
    return intl(Intl.DateTimeFormat, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
  if (typeof value === 'string') return INSTANT.test(value) ? dateTime(value) : value;
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
 * "price: €35.00 → €40.00; name changed": what changed, a withheld value only said to have
 * changed. Ids are for programs (the CSV keeps them): the page leaves them out. `salon`:
 * { currency, services: Map of id → name }.
 */
export function changeWords(entry, salon) {
  const days = wholeDays(entry.changes);
  return entry.changes
    .filter((c) => c.field !== 'id' && !/Id$/.test(c.field) && !(days && (c.field === 'startTime' || c.field === 'endTime')))
    .map((c) => {
      const field = t(FIELDS[c.field] ?? spaced(c.field));
      if (c.withheld) return t('{field} changed', { field });
      const [before, after] = [valueWords(c.field, c.before, salon), valueWords(c.field, c.after, salon)];
      return t('{field}: {before} → {after}', { field, before, after });
    })
    .join('; ');
}
