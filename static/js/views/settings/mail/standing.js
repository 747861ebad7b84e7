// Render: where the clients' e-mail stands, in one or two sentences: no mail server yet (and where
// to set one up), which one sends, and how the queue stands.

import { h } from '../../../dom.js';
import { dateTime } from '../../../format.js';
import { t, tn } from '../../../locale.js';
import { notice } from '../../../ui/notice.js';

const NONE_YET = () =>
  t(
    'Clients get no e-mail yet: no mail server is set up. Fill in the outgoing mail server (SMTP) of the salon’s e-mail provider below; its help pages list it. Whoever installed the booking program can instead give it one for every salon on it.',
  );

function throughWhich(mail) {
  const server = mail.source === 'salon' ? mail.salon : mail.server;
  const values = { host: server.host, port: server.port, sender: mail.sender };
  const sentences = {
    salon: mail.sender
      ? t('Clients’ e-mails go out through {host}, port {port} from {sender}.', values)
      : t(
          'Clients’ e-mails go out through {host}, port {port}, but there is no sender address: give the salon an e-mail address above.',
          values,
        ),
    server: mail.sender
      ? t(
          'Clients’ e-mails go out through the mail server this booking server was set up with ({host}, port {port}) from {sender}. Fill in the form to use the salon’s own instead.',
          values,
        )
      : t(
          'Clients’ e-mails go out through the mail server this booking server was set up with ({host}, port {port}), but there is no sender address: give the salon an e-mail address above. Fill in the form to use the salon’s own instead.',
          values,
        ),
  };
  return h('p', null, mail.source === 'salon' ? sentences.salon : sentences.server);
}

function queueLine({ queue }) {
  if (queue.waiting > 0) {
    // The problem is the server's own sentence (English), as the mail server's answer was.
    const waiting = tn(
      queue.waiting,
      '{count} e-mail is waiting to be sent.{why} They go out once the mail server takes them.',
      '{count} e-mails are waiting to be sent.{why} They go out once the mail server takes them.',
      { why: queue.problem ? ` ${queue.problem}` : '' },
    );
    return notice('warn', waiting);
  }
  return queue.lastSentAt ? h('p', { class: 'hint' }, t('The last e-mail went out {time}.', { time: dateTime(queue.lastSentAt) })) : null;
}

/** The sentences for the mail settings `mail` (adminGetMailSettings's answer). */
export function mailStanding(mail) {
  if (!mail.configured) return [notice('warn', NONE_YET())];
  return [throughWhich(mail), queueLine(mail)].filter(Boolean);
}
