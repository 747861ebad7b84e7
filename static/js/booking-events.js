// A booking's events and where they were sent (GET …/bookings/:id/events), and the sentence every
// action ends with: "sent to 2 connections".

import { api } from './api.js';
import { h } from './dom.js';
import { byClient, messagesList } from './client-mail.js';
import { ATTEMPT_STATUS, capitalise, dateTime, eventLabel, hostOf, plural } from './format.js';

export const bookingEvents = (base, bookingId) => api(`${base}/bookings/${bookingId}/events`).then((a) => a.data);

/** How far the newest `event` of the booking went: "sent to 2 connections", "no connection listens for it". */
export async function deliverySentence(base, bookingId, event) {
  try {
    const found = (await bookingEvents(base, bookingId)).find((e) => e.event === event);
    if (!found) return 'no notification was recorded';
    const n = found.deliveries.length;
    return n === 0 ? 'no connection listens for this' : `sent to ${plural(n, 'connection', 'connections')}`;
  } catch {
    return 'where it was sent is shown under “What happened”';
  }
}

/** The list of events, newest first, each with its deliveries. */
export function eventsList(events) {
  if (events.length === 0) return h('p', { class: 'empty' }, 'Nothing has been recorded for this booking yet.');
  return h(
    'ol',
    { class: 'booking-events' },
    events.map((e) =>
      h(
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
          : h(
              'ul',
              { class: 'deliveries' },
              e.deliveries.map((d) => {
                const [label, tone] = ATTEMPT_STATUS[d.status] ?? [d.status, 'neutral'];
                return h(
                  'li',
                  null,
                  h('a', { href: `#connections/${d.webhookId}` }, d.description || hostOf(d.targetUrl)),
                  ' ',
                  h('span', { class: `badge ${tone}` }, label),
                  d.responseStatusCode ? h('span', { class: 'hint' }, ` HTTP ${d.responseStatusCode}`) : null,
                  d.attempts > 1 ? h('span', { class: 'hint' }, ` after ${plural(d.attempts, 'attempt', 'attempts')}`) : null,
                );
              }),
            ),
      ),
    ),
  );
}
