// The server's refusals in the salon's words: a sentence for staff where the server's message is
// written for developers, and the names of request fields as the forms call them.

import { marked, pageLanguage, t } from './locale.js';
import { addDays, dayText, salonDateTime, timeOf } from './salon-time.js';
import { money } from './ui/money.js';

/**
 * "Held by Website widget until 10:42" from slot_held's holds (heldUntil is the salon's local
 * time); the booking page's hold in the salon's words, not its key's stored English name.
 */
export function heldBy(holds) {
  const each = holds.map((hold) =>
    hold.keyKind === 'page'
      ? t('through the booking page until {time}', { time: hold.heldUntil.slice(11, 16) })
      : t('by {who} until {time}', { who: hold.heldBy, time: hold.heldUntil.slice(11, 16) }),
  );
  return t('Held {holds}', { holds: each.join(t(' and ')) });
}

const time = (localIso) => localIso.slice(11, 16);

/** Where a service does not fit into a staff member's working time (does_not_fit's `edge`). */
const FIT_EDGES = {
  day_start: marked('With {name} the preparation would begin before {from}, when their day begins.'),
  break_end: marked('With {name} the preparation would begin before {from}, when their break ends.'),
  break_start: marked('With {name} it would not be over by {until}, when their break begins.'),
  day_end: marked('With {name} it would not be over by {until}, when their day ends.'),
};

/** Why a time is not free for one staff member (slot_unavailable's refusals), in the salon's words. */
const NOT_FREE = {
  does_not_offer: (r) => t('{name} does not do this service. Choose someone who does, or another service.', { name: r.staffName }),
  salon_closed: (r) => (r.note ? t('The salon is closed: {note}.', { note: r.note }) : t('The salon is closed that day.')),
  outside_opening_hours: (r) => t('The salon is open {opens}–{closes}.', { opens: r.opens, closes: r.closes }),
  not_working: (r) => t('{name} is not working then.', { name: r.staffName }),
  break: (r) => t('{name} has a break until {time}.', { name: r.staffName, time: time(r.until) }),
  does_not_fit: (r) => t(FIT_EDGES[r.edge], { name: r.staffName, from: time(r.from), until: time(r.until) }),
  off_grid: (r) => t('Clients can start only every {minutes} minutes.', { minutes: r.stepMinutes }),
  busy: (r) =>
    t('{name} is busy until {time} (another booking, or its preparation or cleanup).', { name: r.staffName, time: time(r.until) }),
  // Away until midnight: the absence ends with the day before, which is the day the salon knows it by.
  away: (r) =>
    timeOf(r.until) === '00:00'
      ? t('{name} is away until the end of {day}.', { name: r.staffName, day: dayText(addDays(r.until.slice(0, 10), -1)) })
      : t('{name} is away until {time}.', { name: r.staffName, time: salonDateTime(r.until) }),
};

/** The refusals that say nothing about the time asked for: another time would be refused alike. */
const NOT_ABOUT_TIME = new Set(['does_not_offer']);

/** slot_unavailable in the salon's words: why, for each staff member, each sentence once. */
function notFreeSentence(body) {
  if (body.reason === 'past') return t('That time has passed. Choose a time from now on.');
  if (body.reason === 'not_bookable') return t('This service cannot be booked at the moment. Switch it on under Services first.');
  // A closed salon is the whole reason: nobody's own time matters then.
  const closed = body.refusals.find((r) => r.reason === 'salon_closed');
  if (closed) return NOT_FREE.salon_closed(closed);
  const sentences = [...new Set(body.refusals.map((r) => NOT_FREE[r.reason]?.(r)).filter(Boolean))];
  const why = sentences.length ? sentences.join(' ') : t('Choose one of the free times on the calendar.');
  // Who does not do the service is no matter of the time: then "That time is not free" would mislead.
  const aboutTime = !body.refusals.length || body.refusals.some((r) => !NOT_ABOUT_TIME.has(r.reason));
  return aboutTime ? t('That time is not free. {why}', { why }) : why;
}

/** Why a booking cannot be changed any more (invalid_transition's `bookingStatus`), in the salon's words. */
const NOT_CHANGEABLE = {
  cancelled: marked(
    'This booking has been cancelled, perhaps in another tab, so it cannot be changed any more. Reload the page to see it.',
  ),
  completed: marked('This visit is marked completed, so it cannot be moved or changed any more. For another visit, make a new booking.'),
  no_show: marked(
    'The client did not come to this visit (marked a no-show), so it cannot be moved or changed any more. For another time, make a new booking.',
  ),
  confirmed: marked('This booking is confirmed already, perhaps in another tab. Reload the page to see it.'),
};

/** invalid_transition: by what the booking is now; without it (an older server), that it cannot be changed so. */
function notChangeable(body) {
  const sentence = NOT_CHANGEABLE[body.bookingStatus];
  return sentence ? t(sentence) : t('This booking cannot be changed this way any more. Reload the page to see where it stands.');
}

/** refund_exceeds_payment: the most that is left to refund, as the page writes money. */
export function refundLimitSentence(refundable, currency) {
  if (refundable <= 0) return t('This payment has been refunded in full already.');
  return t('At most {amount} can be refunded of this payment.', { amount: money(refundable, currency) });
}

// Where the server's message is written for developers, staff get these instead.
const SENTENCES = {
  booking_cancelled: marked('This booking is cancelled, so it takes no payments.'),
  service_unavailable: marked(
    'A service of this booking is no longer offered, so the booking cannot be moved. Cancel it and make a new booking instead.',
  ),
  invalid_admin_token: marked('That access code is not right. Check it and try again.'),
  webhook_not_active: marked('This connection is switched off. Switch it back on first, then send the notification again.'),
  delivery_in_progress: marked('This notification is still being retried. Wait until that has finished, then send it again.'),
  api_key_revoked: marked('This key is revoked, so it cannot get a new value. Create a new key instead.'),
  booking_not_started: marked('This visit has not started yet. It can be marked completed or a no-show once its start time has passed.'),
  client_has_coming_visits: marked(
    'This client has visits still to come, so they cannot be erased yet. Cancel those visits first (open each under Visits), then erase the client.',
  ),
  no_client_check: marked('Someone has already said who this booking is for, perhaps in another tab. Reload the page to see it.'),
  sign_in_failed: marked('The e-mail address or the password is not right. Check both and try again.'),
  session_ended: marked('You have been signed out (the session ended, or was ended on another device). Sign in again.'),
  not_your_own: marked('This is not yours: a stylist sees and changes only their own bookings and time off.'),
  cross_origin_refused: marked(
    'This change came from another page than the back office, so it was refused. Open the back office at its own address and try again.',
  ),
  last_owner: marked('This is the only owner. Make someone else an owner first, so that somebody can still manage people and settings.'),
  email_taken: marked('There is already an account for this e-mail address.'),
  link_expired: marked('This link has been used already or is too old. Ask the salon’s owner for a new one (People, in Settings).'),
  not_a_person: marked(
    'The access code is not a person, so it has no password or sessions of its own. Sign in with a person’s account for this.',
  ),
  switched_off: marked('This account is switched off. Switch it on first, then make a new link.'),
  passkey_refused: marked('This passkey did not sign you in. Try again, or sign in with your e-mail address and password.'),
  passkey_not_verified: marked('The passkey could not be checked, or took too long. Try again; if it happens again, use your password.'),
  passkeys_need_a_name: marked(
    'Passkeys need the back office opened by its name (http://localhost on this computer, or the salon’s public address), not by a number such as 127.0.0.1.',
  ),
  passkey_known: marked('This passkey is kept already.'),
  not_found: marked('This no longer exists; someone may have removed it in the meantime. Reload the page to see what is there now.'),
  internal_error: marked('Something went wrong on the server. Try again; if it keeps happening, report the reference below.'),
};

/** A role's refusal: for the owner alone, for the front desk and the owner, or a stylist outside their salon. */
function notForRole(body) {
  if (!Array.isArray(body.allowedRoles)) return t('A stylist sees only the salon they work at.');
  return body.allowedRoles.includes('front_desk')
    ? t('Your account cannot do this: it is for the front desk and the salon’s owner.')
    : t('Your account cannot do this: it is for the salon’s owner.');
}

/** The server's sentences about a password or a person's details (validation_failed without a quoted field), in the page's language. */
const PERSON_RULES = [
  [
    /^The password needs at least (\d+) characters\./,
    marked('The password needs at least {limit} characters. A few words in a row are easy to remember and hard to guess.'),
  ],
  [/^The password may have at most (\d+) characters\.$/, marked('The password may have at most {limit} characters.')],
  [
    /^The password cannot be your e-mail address or your name/,
    marked('The password cannot be your e-mail address or your name: those are the first things anyone would try.'),
  ],
  [
    /^This password is among the most common ones/,
    marked('This password is among the most common ones, the first that anyone guessing would try. Choose another.'),
  ],
  [/^The current password is not right\.$/, marked('The current password is not right.')],
  [/^A stylist is one of the staff/, marked('Choose which staff member the stylist is.')],
];

function personRuleSentence(message) {
  for (const [pattern, text] of PERSON_RULES) {
    const match = pattern.exec(message);
    if (match) return t(text, { limit: match[1] ?? '' });
  }
  return null;
}

// Names of request fields as the forms call them, for validation messages.
const FIELD_LABELS = {
  name: marked('The name'),
  role: marked('The role'),
  staffId: marked('The staff member'),
  scopes: marked('The permissions'),
  allowedOrigins: marked('Each allowed website'),
  expiresAt: marked('The expiry date'),
  status: marked('The status'),
  description: marked('The description'),
  durationMinutes: marked('The duration'),
  price: marked('The price'),
  currency: marked('The currency'),
  bufferBeforeMinutes: marked('The minutes to prepare'),
  bufferAfterMinutes: marked('The minutes to clean up'),
  title: marked('The job title'),
  email: marked('The e-mail address'),
  phone: marked('The phone number'),
  serviceIds: marked('The services'),
  schedule: marked('The weekly hours'),
  mon: marked('Monday’s hours'),
  tue: marked('Tuesday’s hours'),
  wed: marked('Wednesday’s hours'),
  thu: marked('Thursday’s hours'),
  fri: marked('Friday’s hours'),
  sat: marked('Saturday’s hours'),
  sun: marked('Sunday’s hours'),
  startDate: marked('The first day'),
  endDate: marked('The last day'),
  startTime: marked('The start'),
  endTime: marked('The end'),
  note: marked('The note'),
  notes: marked('The notes'),
  rating: marked('The rating'),
  comment: marked('The comment'),
  authorName: marked('The name shown with the review'),
  bookingId: marked('The visit'),
  timezone: marked('The time zone'),
  address: marked('The address'),
  website: marked('The website'),
  workingHours: marked('The opening hours'),
  slotStepMinutes: marked('The time between offered start times'),
  minNoticeMinutes: marked('The minimum notice'),
  horizonDays: marked('How far ahead clients can book'),
  search: marked('The search'),
  slug: marked('The short name'),
  locale: marked('The language'),
  accentColor: marked('The colour'),
  cancellationPolicy: marked('The cancellation policy'),
  image: marked('The logo'),
  folder: marked('The backup folder'),
  passphrase: marked('The passphrase'),
  since: marked('The time to send again from'),
};

const COMPARISONS = { '>=': 'at least', '<=': 'at most', '>': 'more than', '<': 'less than' };

/** What the server says a field must be, as the page says it in every language ({what}: the field). */
const MUST = [
  [/^must be >= (\S+)\.$/, marked('{what} must be at least {limit}.')],
  [/^must be <= (\S+)\.$/, marked('{what} must be at most {limit}.')],
  [/^must be > (\S+)\.$/, marked('{what} must be more than {limit}.')],
  [/^must be < (\S+)\.$/, marked('{what} must be less than {limit}.')],
  [/^must not be empty\.$/, marked('{what} must not be empty.')],
  [
    /^must not be empty or only spaces or invisible characters\.$/,
    marked('{what} must not be empty or only spaces or invisible characters.'),
  ],
  [/^must be at least (\d+) characters long\.$/, marked('{what} must be at least {limit} characters long.')],
  [/^must be at least (\d+) visible characters long\.$/, marked('{what} must be at least {limit} visible characters long.')],
  [/^must be at most (\d+) characters long\.$/, marked('{what} must be at most {limit} characters long.')],
  [/^must have at least 1 item\.$/, marked('{what} must have at least 1 item.')],
  [/^must have at least (\d+) items\.$/, marked('{what} must have at least {limit} items.')],
  [/^must have at most (\d+) items\.$/, marked('{what} must have at most {limit} items.')],
  [
    /^must be a phone number \(digits, spaces, \+ - \( \) \. \/\)\.$/,
    marked('A phone number is written as digits, with spaces or + - ( ) . / between them if you like.'),
  ],
  [/^must be an e-mail address\.$/, marked('An e-mail address is written like name@example.com.')],
];

/** The field a validation message names ("client.phone", "allowedOrigins[0]"): its last part the page has a name for, else its first. */
function fieldOf(path) {
  const parts = path.split('.').map((part) => part.replace(/\[\d+\]$/, ''));
  return parts.findLast((part) => FIELD_LABELS[part]) ?? parts[0];
}

/** The sentence for each rule a field can break (validation_failed's `rule`, docs/api.md), when the message is not one of MUST's. */
const RULES = {
  required: () => marked('{what} is missing.'),
  type: () => marked('{what} has the wrong kind of value.'),
  one_of: () => marked('{what} must be one of: {allowed}.'),
  empty: () => marked('{what} must not be empty.'),
  too_short: () => marked('{what} must be at least {limit} characters long.'),
  too_long: () => marked('{what} must be at most {limit} characters long.'),
  too_small: (body) => (body.comparison === '>' ? marked('{what} must be more than {limit}.') : marked('{what} must be at least {limit}.')),
  too_large: (body) => (body.comparison === '<' ? marked('{what} must be less than {limit}.') : marked('{what} must be at most {limit}.')),
  too_few: (body) => (body.limit === 1 ? marked('{what} must have at least 1 item.') : marked('{what} must have at least {limit} items.')),
  too_many: () => marked('{what} must have at most {limit} items.'),
  repeated: () => marked('{what} lists the same thing twice.'),
  format: () => marked('{what} is not written as it should be.'),
  control_characters: () => marked('{what} holds characters that cannot be typed (such as a line break where one line is meant).'),
  direction_characters: () => marked('{what} holds invisible characters that change the reading direction.'),
};

/**
 * A validation refusal in the page's language: `"durationMinutes" must be >= 5.` as `The duration
 * must be at least 5.`, by the server's sentence where the page knows it (a phone number, an
 * e-mail address: MUST), else by the rule the field breaks (`rule`, `limit`, `allowed`), naming the
 * field as the forms do (or by its name in the API). A check beyond the schema (a date before
 * another) has no rule: its sentence stays as the server wrote it.
 */
function validationSentence(body) {
  const { message } = body;
  const [, path, rest] = /^"([^"]+)" (.*)$/.exec(message) ?? [];
  const label = path && FIELD_LABELS[fieldOf(path)];
  const known = label && MUST.find(([pattern]) => pattern.test(rest));
  if (known) {
    const [pattern, text] = known;
    return t(text, { what: t(label), limit: pattern.exec(rest)[1] ?? '' });
  }
  // A field of a named form (a URL, a phone number) is best said by the server's own sentence
  // for it, in English; in another language by the rule's.
  const rule = path && !(body.rule === 'format' && pageLanguage() === 'en') && RULES[body.rule];
  if (rule) {
    const what = label ? t(label) : t('The field “{field}”', { field: path });
    const allowed = Array.isArray(body.allowed) ? body.allowed.join(', ') : '';
    return t(rule(body), { what, limit: body.limit ?? '', allowed });
  }
  return message
    .replace(/^"([^"]+)"/, (whole, name) => FIELD_LABELS[fieldOf(name)] ?? whole)
    .replace(/ must be (>=|<=|>|<) /, (_, sign) => ` must be ${COMPARISONS[sign]} `);
}

/** The sentence for a refused call: its status and the error answer as the server sent it. */
/** The sentence for a refusal's code, in the page's language: for a refusal the page foresees before asking. */
export const refusalFor = (code) => t(SENTENCES[code]);

export function sentenceFor(status, body) {
  const code = body?.code;
  if (code === 'validation_failed' && typeof body.message === 'string') return personRuleSentence(body.message) ?? validationSentence(body);
  if (code === 'not_allowed_for_role') return notForRole(body);
  if (code === 'too_many_attempts' && Number.isFinite(body.retryAfter))
    return t('Too many wrong tries. Try again in {seconds} seconds.', { seconds: body.retryAfter });
  if (code === 'slot_held' && Array.isArray(body.holds)) {
    return t('{held}: a client may be booking this time on the website. Release the hold on the calendar first, or choose another time.', {
      held: heldBy(body.holds),
    });
  }
  if (code === 'slot_unavailable' && Array.isArray(body.refusals)) return notFreeSentence(body);
  if (code === 'invalid_transition') return notChangeable(body);
  if (code === 'beyond_horizon' && Number.isFinite(body.horizonDays))
    return t('That is too far ahead: the salon takes bookings at most {days} days ahead (Settings, “Booking rules”).', {
      days: body.horizonDays,
    });
  if (code === 'too_short_notice' && Number.isFinite(body.minNoticeMinutes))
    return t('That is too soon: clients book at least {minutes} minutes ahead.', { minutes: body.minNoticeMinutes });
  // Taken in the moment between the check and the write (the one slot_unavailable without refusals).
  if (code === 'slot_unavailable') return t('That time has just been taken. Choose another free time.');
  if (code === 'refund_exceeds_payment' && Number.isFinite(body.refundable)) return refundLimitSentence(body.refundable, body.currency);
  if (code && SENTENCES[code]) return t(SENTENCES[code]);
  if (typeof body?.message === 'string') return body.message;
  if (status >= 500) return t(SENTENCES.internal_error);
  return t('The server refused this (status {status}). Reload the page and try again.', { status });
}
