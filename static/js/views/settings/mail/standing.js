// Render: where the clients' e-mail stands, in one or two sentences: no mail server yet (and where
// to set one up), which one sends, and how the queue stands.

import { h } from '../../../dom.js';
import { dateTime, plural } from '../../../format.js';
import { notice } from '../../../ui/notice.js';

const NONE_YET =
  'Clients get no e-mail yet: no mail server is set up. Fill in the outgoing mail server (SMTP) of the salon’s e-mail provider below; its help pages list it. Whoever installed the booking program can instead give it one for every salon on it.';

const where = (server) => `${server.host}, port ${server.port}`;

function throughWhich(mail) {
  const sender = mail.sender ? ` from ${mail.sender}` : ', but there is no sender address: give the salon an e-mail address above';
  return h(
    'p',
    null,
    mail.source === 'salon'
      ? `Clients’ e-mails go out through ${where(mail.salon)}${sender}.`
      : `Clients’ e-mails go out through the mail server this booking server was set up with (${where(mail.server)})${sender}. Fill in the form to use the salon’s own instead.`,
  );
}

function queueLine({ queue }) {
  if (queue.waiting > 0) {
    const why = queue.problem ? ` ${queue.problem}` : '';
    return notice(
      'warn',
      `${plural(queue.waiting, 'e-mail is', 'e-mails are')} waiting to be sent.${why} They go out once the mail server takes them.`,
    );
  }
  return queue.lastSentAt ? h('p', { class: 'hint' }, `The last e-mail went out ${dateTime(queue.lastSentAt)}.`) : null;
}

/** The sentences for the mail settings `mail` (adminGetMailSettings's answer). */
export function mailStanding(mail) {
  if (!mail.configured) return [notice('warn', NONE_YET)];
  return [throughWhich(mail), queueLine(mail)].filter(Boolean);
}
