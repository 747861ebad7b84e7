// A booking's events and where they were sent (GET …/bookings/:id/events): to connections, and
// the e-mails to the client (messages.js); and the sentence every action ends with: "sent to 2
// connections".

import { h } from '../../dom.js';
import { capitalise, dateTime, eventLabel, hostOf, plural } from '../../format.js';
import { ATTEMPT_STATUS, statusBadge } from '../../ui/badge.js';
import { byClient, messagesList } from './messages.js';

/** The booking's events, newest first; `api` is the salon's client (ctx.api). */
export const bookingEvents = (api, bookingId) => api.list('adminListBookingEvents', { id: bookingId });

/** How far the newest `event` of the booking went: "sent to 2 connections", "no connection listens for it". */
export async function deliverySentence(api, bookingId, event) {
  try {
    const found = (await bookingEvents(api, bookingId)).find((e) => e.event === event);
    if (!found) return 'no notification was recorded';
    const n = found.deliveries.length;
    return n === 0 ? 'no connection listens for this' : `sent to ${plural(n, 'connection', 'connections')}`;
  } catch {
    return 'where it was sent is shown under “What happened”';
  }
}

/** One connection that heard an event: its name, how the delivery went, the answer and the attempts. */
function deliveryItem(d) {
  return h(
    'li',
    null,
    h('a', { href: `#connections/${d.webhookId}` }, d.description || hostOf(d.targetUrl)),
    ' ',
    statusBadge(ATTEMPT_STATUS, d.status),
    d.responseStatusCode ? h('span', { class: 'hint' }, ` HTTP ${d.responseStatusCode}`) : null,
    d.attempts > 1 ? h('span', { class: 'hint' }, ` after ${plural(d.attempts, 'attempt', 'attempts')}`) : null,
  );
}

function eventItem(e) {
  return h(
    'li',
    null,
    h(
      'div',
      { class: 'event-line' },
      h('strong', null, capitalise(eventLabel(e.event))),
      ' ',
      h('code', null, e.event),
      ' ',
      h('span', { class: 'hint' }, dateTime(e.occurredAt)),
    ),
    byClient(e),
    messagesList(e.messages),
    e.deliveries.length === 0
      ? h('p', { class: 'hint' }, 'No connection listens for this.')
      : h('ul', { class: 'deliveries' }, e.deliveries.map(deliveryItem)),
  );
}

/** The list of events, newest first, each with its deliveries. */
export function eventsList(events) {
  if (events.length === 0) return h('p', { class: 'empty' }, 'Nothing has been recorded for this booking yet.');
  return h('ol', { class: 'booking-events' }, events.map(eventItem));
}
