// What a booking's events sent its client: each e-mail with its outcome, on "What happened", and
// who made a change when it was the client, on their own page.

import { h } from '../../dom.js';
import { dateTime } from '../../format.js';
import { marked, t } from '../../locale.js';
import { mailProblem } from '../../mail-problems.js';
import { MESSAGE_STATUS, statusBadge } from '../../ui/badge.js';

/** A message to the client in the salon's words (shown through t(), as messageKind() does). */
export const MESSAGE_KINDS = {
  booked: marked('Booking confirmation'),
  received: marked('“Booking received, waiting for confirmation”'),
  confirmed: marked('“Booking confirmed”'),
  moved: marked('“New time”'),
  cancelled: marked('“Cancelled”'),
  reminder: marked('Reminder'),
};

/** A message's kind in the page's language (an unknown kind as the API says it). */
export const messageKind = (kind) => (MESSAGE_KINDS[kind] ? t(MESSAGE_KINDS[kind]) : kind);

function messageItem(message, owner) {
  const what = t('E-mail to the client: {kind}', { kind: messageKind(message.kind) });
  const when = message.status === 'sent' && message.sentAt ? ` ${dateTime(message.sentAt)}` : '';
  const next =
    message.status === 'pending' && message.nextAttemptAt ? ` ${t('Tried again {when}.', { when: dateTime(message.nextAttemptAt) })}` : '';
  return h(
    'li',
    null,
    `${what}${message.to ? ` (${message.to})` : ''} `,
    statusBadge(MESSAGE_STATUS, message.status),
    when ? h('span', { class: 'hint' }, when) : null,
    message.error || next ? h('p', { class: 'hint' }, `${message.error ? mailProblem(message.error, { owner }) : ''}${next}`) : null,
  );
}

/**
 * The e-mails an event of a booking sent its client, with their outcome (nothing when it sent none);
 * `owner`: the reader opens Settings (a missing mail server is theirs to set up, not to ask for).
 */
export function messagesList(messages = [], owner = true) {
  return messages.length
    ? h(
        'ul',
        { class: 'deliveries client-messages' },
        messages.map((m) => messageItem(m, owner)),
      )
    : null;
}

/** "By the client…" when the client cancelled or moved the visit themselves, or asked the salon to. */
export function byClient(event) {
  const who = event.data?.cancelledBy ?? event.data?.rescheduledBy;
  if (who !== 'client') return null;
  // Who recorded it, when the activity still knows (its entries expire): the client's link, or the salon for them.
  const sentence = {
    office: () => t('The client asked; the back office recorded it.'),
    client: () => t('By the client, with the link in their e-mail.'),
  }[event.by?.kind];
  return h('p', { class: 'hint by-client' }, sentence ? sentence() : t('By the client.'));
}
