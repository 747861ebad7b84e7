// What the salon's mail knows of a client's address: refused by its mail server (nothing more is
// sent until the salon says it works again), and reminders turned off by the client.

import { h } from '../../dom.js';
import { dateTime } from '../../format.js';
import { t } from '../../locale.js';
import { messageArea, notice } from '../../ui/notice.js';
import { markEmailWorks } from './actions.js';

function refused(ctx, client, messages) {
  const { refusedAt, refusedReason } = client.emailState;
  const works = h('button', { type: 'button' }, t('The address works again'));
  works.addEventListener('click', () => markEmailWorks(ctx, works, messages, client));
  return [
    notice(
      'warn',
      t('This address does not work: its mail server refused it on {when}. {reason} The client gets no e-mail until it is fixed.', {
        when: dateTime(refusedAt),
        reason: refusedReason ?? '',
      }),
    ),
    h('div', { class: 'actions' }, works),
  ];
}

/** The client's "E-mail" panel, or nothing when all is well with their address. */
export function emailSection(ctx, client) {
  const state = client.emailState;
  if (!state) return null;
  const messages = messageArea();
  return h(
    'section',
    { class: 'panel client-email', 'aria-labelledby': 'client-email-heading' },
    h('h3', { id: 'client-email-heading' }, t('E-mail')),
    state.refusedAt ? refused(ctx, client, messages) : null,
    state.remindersOffAt
      ? h(
          'p',
          null,
          t('The client turned reminders off on {when}: they get no reminders by e-mail.', { when: dateTime(state.remindersOffAt) }),
        )
      : null,
    messages,
  );
}
