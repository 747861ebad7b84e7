// What a booking's events sent its client: each e-mail with its outcome, on "What happened", and
// who made a change when it was the client, on their own page.

import { h } from '../../dom.js';
import { dateTime } from '../../format.js';
import { MESSAGE_STATUS, statusBadge } from '../../ui/badge.js';

/** A message to the client in the salon's words. */
export const MESSAGE_KINDS = {
  booked: 'Booking confirmation',
  received: '“Booking received, waiting for confirmation”',
  confirmed: '“Booking confirmed”',
  moved: '“New time”',
  cancelled: '“Cancelled”',
  reminder: 'Reminder',
};

function messageItem(message) {
  const what = `E-mail to the client: ${MESSAGE_KINDS[message.kind] ?? message.kind}`;
  const when = message.status === 'sent' && message.sentAt ? ` ${dateTime(message.sentAt)}` : '';
  const next = message.status === 'pending' && message.nextAttemptAt ? ` Tried again ${dateTime(message.nextAttemptAt)}.` : '';
  return h(
    'li',
    null,
    `${what}${message.to ? ` (${message.to})` : ''} `,
    statusBadge(MESSAGE_STATUS, message.status),
    when ? h('span', { class: 'hint' }, when) : null,
    message.error || next ? h('p', { class: 'hint' }, `${message.error ?? ''}${next}`) : null,
  );
}

/** The e-mails an event of a booking sent its client, with their outcome (nothing when it sent none). */
export function messagesList(messages = []) {
  return messages.length ? h('ul', { class: 'deliveries client-messages' }, messages.map(messageItem)) : null;
}

/** "By the client…" when the client cancelled or moved the visit themselves. */
export function byClient(event) {
  const who = event.data?.cancelledBy ?? event.data?.rescheduledBy;
  return who === 'client' ? h('p', { class: 'hint by-client' }, 'By the client, with the link in their e-mail.') : null;
}
