// What the salon sees of its clients' e-mail: the messages each of a booking's events sent (on the
// booking's "What happened"), who made a change (the client, on their own page), and a client's
// address that its mail server refused or that asked for no more reminders.

import { api, businessPath } from './api.js';
import { busy, errorNotice, h, notice } from './dom.js';
import { dateTime } from './format.js';

/** A message to the client in the salon's words. */
const MESSAGE_KINDS = {
  booked: 'Booking confirmation',
  received: '“Booking received, waiting for confirmation”',
  confirmed: '“Booking confirmed”',
  moved: '“New time”',
  cancelled: '“Cancelled”',
  reminder: 'Reminder',
};

const MESSAGE_STATUS = {
  sent: ['Sent', 'good'],
  pending: ['Waiting to be sent', 'warn'],
  failed: ['Not delivered', 'bad'],
  skipped: ['Not sent', 'neutral'],
};

function messageLine(message) {
  const [label, tone] = MESSAGE_STATUS[message.status] ?? [message.status, 'neutral'];
  const what = `E-mail to the client: ${MESSAGE_KINDS[message.kind] ?? message.kind}`;
  const when = message.status === 'sent' && message.sentAt ? ` ${dateTime(message.sentAt)}` : '';
  const next = message.status === 'pending' && message.nextAttemptAt ? ` Tried again ${dateTime(message.nextAttemptAt)}.` : '';
  return h(
    'li',
    null,
    `${what}${message.to ? ` (${message.to})` : ''} `,
    h('span', { class: `badge ${tone}` }, label),
    when ? h('span', { class: 'hint' }, when) : null,
    message.error || next ? h('p', { class: 'hint' }, `${message.error ?? ''}${next}`) : null,
  );
}

/** The e-mails an event of a booking sent its client, with their outcome. */
export function messagesList(messages = []) {
  return messages.length ? h('ul', { class: 'deliveries client-messages' }, messages.map(messageLine)) : null;
}

/** "by the client, on their own page" when the client cancelled or moved the visit themselves. */
export function byClient(event) {
  const who = event.data?.cancelledBy ?? event.data?.rescheduledBy;
  return who === 'client' ? h('p', { class: 'hint by-client' }, 'By the client, with the link in their e-mail.') : null;
}

/**
 * What the salon's mail knows of a client's address: refused by its mail server (nothing more is
 * sent until the salon says it works again), reminders turned off by the client.
 */
export function emailStatePanel(ctx, client, onChange) {
  const state = client.emailState;
  if (!state) return null;
  const messages = h('div', { class: 'message-area' });
  const works = h('button', { type: 'button' }, 'The address works again');
  works.addEventListener('click', () =>
    busy(works, 'Saving…', async () => {
      try {
        onChange(await api(`${businessPath(ctx.business)}/clients/${client.id}/email-works`, { method: 'POST' }));
      } catch (error) {
        messages.replaceChildren(errorNotice(error));
      }
    }),
  );
  return h(
    'section',
    { class: 'panel client-email', 'aria-labelledby': 'client-email-heading' },
    h('h3', { id: 'client-email-heading' }, 'E-mail'),
    state.refusedAt
      ? [
          notice(
            'warn',
            `This address does not work: its mail server refused it on ${dateTime(state.refusedAt)}. ${state.refusedReason ?? ''} The client gets no e-mail until it is fixed.`,
          ),
          h('div', { class: 'actions' }, works),
        ]
      : null,
    state.remindersOffAt
      ? h('p', null, `The client turned reminders off on ${dateTime(state.remindersOffAt)}: they get no reminders by e-mail.`)
      : null,
    messages,
  );
}
