// A booking's events and where they were sent (GET …/bookings/:id/events): to connections, and
// the e-mails to the client (messages.js); and the end of an action's sentence that says which
// connected programs were told ("; Salon CRM is told"), only when one listens.

import { h, isolate, phrase } from '../../dom.js';
import { capitalise, dateTime, eventLabel, hostOf } from '../../format.js';
import { t, tn } from '../../locale.js';
import { ATTEMPT_STATUS, statusBadge } from '../../ui/badge.js';
import { salonDateTime } from '../../salon-time.js';
import { money } from '../../ui/money.js';
import { whoWords } from '../activity/words.js';
import { byClient, messagesList } from './messages.js';
import { methodWords } from './words.js';

/** The booking's events, newest first; `api` is the salon's client (ctx.api). */
export const bookingEvents = (api, bookingId) => api.list('adminListBookingEvents', { id: bookingId });

const connectionName = (d) => d.description || hostOf(d.targetUrl);

/** "Salon CRM", "Salon CRM and Website", "Salon CRM, Website and Shop"; more than three counted. */
function namesOf(deliveries) {
  const names = [...new Set(deliveries.map(connectionName))];
  if (names.length > 3) return tn(names.length, '{count} connected program', '{count} connected programs');
  return names.length === 1 ? names[0] : t('{names} and {last}', { names: names.slice(0, -1).join(', '), last: names.at(-1) });
}

/**
 * The end of an action's sentence: "; Salon CRM is told" when connected programs hear the newest
 * `event` (an API name, never shown) of the booking; nothing when none listens, or when it cannot
 * be read (the booking's "What happened" shows it).
 */
export async function deliverySentence(api, bookingId, event) {
  try {
    const found = (await bookingEvents(api, bookingId)).find((e) => e.event === event);
    const n = new Set(found?.deliveries.map(connectionName)).size;
    if (n === 0) return '';
    const names = namesOf(found.deliveries);
    return n === 1 ? t('; {names} is told', { names }) : t('; {names} are told', { names });
  } catch {
    return '';
  }
}

/** One connection that heard an event: its name, how the delivery went, the answer and the attempts. */
function deliveryItem(d) {
  return h(
    'li',
    null,
    h('a', { href: `#connections/${d.webhookId}` }, connectionName(d)),
    ' ',
    statusBadge(ATTEMPT_STATUS, d.status),
    d.responseStatusCode ? h('span', { class: 'hint' }, ` HTTP ${d.responseStatusCode}`) : null,
    d.attempts > 1 ? h('span', { class: 'hint' }, ' ', tn(d.attempts, 'after {count} attempt', 'after {count} attempts')) : null,
  );
}

const lowerFirst = (text) => (text.startsWith('The ') || text.startsWith('A ') ? text.charAt(0).toLowerCase() + text.slice(1) : text);

/** What an event changed, from its data: a move's old and new time and staff, a payment's or refund's amount and how. */
function eventDetail({ event, data }) {
  if (!data) return null;
  const line = (...parts) => h('p', { class: 'event-detail' }, ...parts);
  if (event === 'booking.rescheduled' && data.previousStartTime && data.startTime)
    return line(
      phrase(t('From {from} with {oldStaff} to {to} with {newStaff}.'), {
        from: salonDateTime(data.previousStartTime),
        oldStaff: isolate(data.previousStaffName ?? ''),
        to: salonDateTime(data.startTime),
        newStaff: isolate(data.staffName ?? ''),
      }),
    );
  if (event === 'payment.received' && data.amount != null)
    return line(
      t('{amount} by {method}', { amount: money(data.amount, data.currency), method: methodWords(data.method) }),
      data.note ? [' · ', isolate(data.note)] : null,
    );
  if (event === 'payment.refunded' && data.amount != null)
    return line(t('{amount} refunded', { amount: money(data.amount, data.currency) }), data.reason ? [' · ', isolate(data.reason)] : null);
  return null;
}

function eventItem(e, owner) {
  return h(
    'li',
    null,
    h(
      'div',
      { class: 'event-line' },
      h('strong', null, capitalise(eventLabel(e.event))),
      ' ',
      h('span', { class: 'hint' }, dateTime(e.occurredAt)),
    ),
    eventDetail(e),
    // Who did it, as the activity has it; the client's own link says so in its own words.
    byClient(e) ??
      (e.by
        ? h(
            'p',
            { class: 'hint by' },
            phrase(t('By {who}.'), { who: isolate(e.by.kind === 'person' ? whoWords(e.by) : lowerFirst(whoWords(e.by))) }),
          )
        : null),
    messagesList(e.messages, owner),
    // Which connected programs were told, only when one listens.
    e.deliveries.length === 0 ? null : h('ul', { class: 'deliveries' }, e.deliveries.map(deliveryItem)),
  );
}

/** The list of events, newest first, each with its deliveries. */
export function eventsList(events, { owner = true } = {}) {
  if (events.length === 0) return h('p', { class: 'empty' }, t('Nothing has been recorded for this booking yet.'));
  return h(
    'ol',
    { class: 'booking-events' },
    events.map((e) => eventItem(e, owner)),
  );
}
