// The server's refusals in the salon's words: a sentence for staff where the server's message is
// written for developers, and the names of request fields as the forms call them.

import { salonDateTime } from './salon-time.js';

/** "Held by Website widget until 10:42" from slot_held's holds (heldUntil is the salon's local time). */
export function heldBy(holds) {
  return `Held by ${holds.map((hold) => `${hold.heldBy} until ${hold.heldUntil.slice(11, 16)}`).join(' and by ')}`;
}

const time = (localIso) => localIso.slice(11, 16);

/** Why a time is not free for one staff member (slot_unavailable's refusals), in the salon's words. */
const NOT_FREE = {
  does_not_offer: (r) => `${r.staffName} does not do this service. Choose someone who does, or another service.`,
  salon_closed: () => 'The salon is closed that day.',
  outside_opening_hours: (r) => `The salon is open ${r.opens}–${r.closes}.`,
  not_working: (r) => `${r.staffName} is not working then.`,
  break: (r) => `${r.staffName} has a break until ${time(r.until)}.`,
  does_not_fit: (r) => `With ${r.staffName} it would not be over by ${time(r.until)}, when their break or the day begins or ends.`,
  off_grid: (r) => `Clients can start only every ${r.stepMinutes} minutes.`,
  busy: (r) => `${r.staffName} is busy until ${time(r.until)} (another booking, or its preparation or cleanup).`,
  away: (r) => `${r.staffName} is away until ${salonDateTime(r.until)}.`,
};

/** slot_unavailable in the salon's words: why, for each staff member, each sentence once. */
function notFreeSentence(body) {
  if (body.reason === 'past') return 'That time has passed. Choose a time from now on.';
  if (body.reason === 'not_bookable') return 'This service cannot be booked at the moment. Switch it on under Services first.';
  const sentences = [...new Set(body.refusals.map((r) => NOT_FREE[r.reason]?.(r)).filter(Boolean))];
  return `That time is not free. ${sentences.length ? sentences.join(' ') : 'Choose one of the free times on the calendar.'}`;
}

// Where the server's message is written for developers, staff get these instead.
const SENTENCES = {
  invalid_admin_token: 'That access code is not right. Check it and try again.',
  webhook_not_active: 'This connection is switched off. Switch it back on first, then send the notification again.',
  delivery_in_progress: 'This notification is still being retried. Wait until that has finished, then send it again.',
  api_key_revoked: 'This key is revoked, so it cannot get a new value. Create a new key instead.',
  booking_not_started: 'This visit has not started yet. It can be marked completed or a no-show once its start time has passed.',
  client_has_coming_visits:
    'This client has visits still to come, so they cannot be erased yet. Cancel those visits first (open each under Visits), then erase the client.',
  no_client_check: 'Someone has already said who this booking is for, perhaps in another tab. Reload the page to see it.',
  not_found: 'This no longer exists; someone may have removed it in the meantime. Reload the page to see what is there now.',
  internal_error: 'Something went wrong on the server. Try again; if it keeps happening, report the reference below.',
};

// Names of request fields as the forms call them, for validation messages.
const FIELD_LABELS = {
  name: 'The name',
  scopes: 'The permissions',
  allowedOrigins: 'Each allowed website',
  expiresAt: 'The expiry date',
  status: 'The status',
  description: 'The description',
  durationMinutes: 'The duration',
  price: 'The price',
  currency: 'The currency',
  bufferBeforeMinutes: 'The minutes to prepare',
  bufferAfterMinutes: 'The minutes to clean up',
  title: 'The job title',
  email: 'The e-mail address',
  phone: 'The phone number',
  serviceIds: 'The services',
  schedule: 'The weekly hours',
  mon: 'Monday’s hours',
  tue: 'Tuesday’s hours',
  wed: 'Wednesday’s hours',
  thu: 'Thursday’s hours',
  fri: 'Friday’s hours',
  sat: 'Saturday’s hours',
  sun: 'Sunday’s hours',
  startDate: 'The first day',
  endDate: 'The last day',
  startTime: 'The start',
  endTime: 'The end',
  note: 'The note',
  notes: 'The notes',
  rating: 'The rating',
  comment: 'The comment',
  authorName: 'The name shown with the review',
  bookingId: 'The visit',
  timezone: 'The time zone',
  address: 'The address',
  website: 'The website',
  workingHours: 'The opening hours',
  slotStepMinutes: 'The time between offered start times',
  minNoticeMinutes: 'The minimum notice',
  horizonDays: 'How far ahead clients can book',
  search: 'The search',
  slug: 'The short name',
  locale: 'The language',
  accentColor: 'The colour',
  cancellationPolicy: 'The cancellation policy',
  image: 'The logo',
  folder: 'The backup folder',
  passphrase: 'The passphrase',
  since: 'The time to send again from',
};

const COMPARISONS = { '>=': 'at least', '<=': 'at most', '>': 'more than', '<': 'less than' };

/**
 * Turns `"allowedOrigins[0]" must be …` into `Each allowed website must be …`, and
 * `"durationMinutes" must be >= 5.` into `The duration must be at least 5.`
 */
function validationSentence(message) {
  return message
    .replace(/^"([A-Za-z]+)(\[\d+\])?[^"]*"/, (whole, field) => FIELD_LABELS[field] ?? whole)
    .replace(/ must be (>=|<=|>|<) /, (_, sign) => ` must be ${COMPARISONS[sign]} `);
}

/** The sentence for a refused call: its status and the error answer as the server sent it. */
export function sentenceFor(status, body) {
  const code = body?.code;
  if (code === 'validation_failed' && typeof body.message === 'string') return validationSentence(body.message);
  if (code === 'slot_held' && Array.isArray(body.holds)) {
    return `${heldBy(body.holds)}: a client may be booking this time on the website. Release the hold on the calendar first, or choose another time.`;
  }
  if (code === 'slot_unavailable' && Array.isArray(body.refusals)) return notFreeSentence(body);
  if (code && SENTENCES[code]) return SENTENCES[code];
  if (typeof body?.message === 'string') return body.message;
  if (status >= 500) return SENTENCES.internal_error;
  return `The server refused this (status ${status}). Reload the page and try again.`;
}
