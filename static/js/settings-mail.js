// Settings: "E-mail to clients": which mail server sends the salon's clients their confirmations,
// changes and reminders (the salon's own, or the server's BOOKING_SMTP_URL), how its queue stands
// in one sentence, and "Send a test e-mail". Without a mail server it says plainly that clients
// get no e-mail yet and how to set one up.

import { api, businessPath } from './api.js';
import { busy, confirmAction, errorNotice, h, notice } from './dom.js';
import { dateTime, plural } from './format.js';
import { field, input, say, showProblems, textOrNull, wholeNumber } from './forms.js';

const TLS_MODES = [
  ['starttls', 'STARTTLS (port 587)'],
  ['tls', 'TLS (port 465)'],
  ['none', 'None'],
];

/** Where mail stands, in one or two sentences. */
function standing(mail) {
  const where = (s) => `${s.host}, port ${s.port}`;
  const lines = [];
  if (!mail.configured) {
    lines.push(
      notice(
        'warn',
        'Clients get no e-mail yet: no mail server is set up. Fill in the outgoing mail server (SMTP) of the salon’s e-mail provider below; its help pages list it. Whoever installed this server can instead give it one for every salon (BOOKING_SMTP_URL).',
      ),
    );
    return lines;
  }
  const sender = mail.sender ? ` from ${mail.sender}` : ', but there is no sender address: give the salon an e-mail address above';
  lines.push(
    h(
      'p',
      null,
      mail.source === 'salon'
        ? `Clients’ e-mails go out through ${where(mail.salon)}${sender}.`
        : `Clients’ e-mails go out through the mail server this booking server was set up with (${where(mail.server)})${sender}. Fill in the form to use the salon’s own instead.`,
    ),
  );
  const { queue } = mail;
  if (queue.waiting > 0) {
    const why = queue.problem ? ` ${queue.problem}` : '';
    lines.push(
      notice(
        'warn',
        `${plural(queue.waiting, 'e-mail is', 'e-mails are')} waiting to be sent.${why} They go out once the mail server takes them.`,
      ),
    );
  } else if (queue.lastSentAt) {
    lines.push(h('p', { class: 'hint' }, `The last e-mail went out ${dateTime(queue.lastSentAt)}.`));
  }
  return lines;
}

/** The "E-mail to clients" section of Settings. */
export async function mailSection(ctx) {
  const url = `${businessPath(ctx.business)}/mail`;
  let mail = await api(url);
  const own = mail.salon;
  const status = h('div', { class: 'mail-standing' });
  const host = input('mail-host', {
    value: own?.host ?? '',
    maxlength: 253,
    placeholder: 'smtp.example.com',
    spellcheck: 'false',
    autocapitalize: 'off',
  });
  const port = input('mail-port', { type: 'number', inputmode: 'numeric', min: 1, max: 65535, value: String(own?.port ?? 587) });
  const tls = h(
    'select',
    { id: 'mail-tls', name: 'mail-tls' },
    TLS_MODES.map(([value, label]) => h('option', { value, selected: value === (own?.tls ?? 'starttls') }, label)),
  );
  const username = input('mail-username', { value: own?.username ?? '', maxlength: 254, spellcheck: 'false', autocapitalize: 'off' });
  const password = input('mail-password', {
    type: 'password',
    maxlength: 1024,
    autocomplete: 'new-password',
    placeholder: own?.hasPassword ? 'Stored; type a new one to change it' : '',
  });
  const from = input('mail-from', { type: 'email', value: own?.fromAddress ?? '', maxlength: 254, placeholder: ctx.business.email ?? '' });
  const messages = h('div', { class: 'message-area' });
  const show = () => status.replaceChildren(...standing(mail));
  show();

  const save = h('button', { type: 'submit', class: 'primary' }, 'Save mail server');
  const remove = h('button', { type: 'button', class: 'danger', hidden: !mail.salon }, 'Remove the salon’s mail server');
  const form = h(
    'form',
    { class: 'panel edit-form', id: 'mail-settings', novalidate: true, 'aria-labelledby': 'mail-settings-heading' },
    h('h3', { id: 'mail-settings-heading' }, 'E-mail to clients'),
    h(
      'p',
      { class: 'hint' },
      'Clients get an e-mail when they book, when the salon confirms, moves or cancels a visit, and a reminder before it, each with a link to move or cancel it themselves.',
    ),
    status,
    h(
      'div',
      { class: 'edit-fields' },
      h('div', { class: 'field-row' }, field('Mail server (SMTP)', host), field('Port', port)),
      field(
        'Security',
        tls,
        'What the provider says: usually STARTTLS on port 587, or TLS from the start on port 465. None only for a mail server on this computer or network.',
      ),
      h(
        'div',
        { class: 'field-row' },
        field('User name (optional)', username),
        field('Password (optional)', password, 'Stored encrypted, never shown again.'),
      ),
      field('Sender address (optional)', from, 'The address clients see the e-mails come from; empty: the salon’s e-mail address.'),
    ),
    messages,
    h('div', { class: 'actions' }, save, remove),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const portNumber = wholeNumber(port, 'The port', 1, 65535);
    const problems = [
      ...(host.value.trim() ? [] : ['Give the mail server’s name, such as smtp.example.com.']),
      ...(portNumber.problem ? [portNumber.problem] : []),
    ];
    if (showProblems(messages, problems)) return;
    const body = {
      host: host.value.trim(),
      port: portNumber.value,
      tls: tls.value,
      username: textOrNull(username),
      fromAddress: textOrNull(from),
    };
    if (password.value) body.password = password.value;
    busy(save, 'Saving…', async () => {
      try {
        mail = await api(url, { method: 'PUT', body });
        password.value = '';
        password.placeholder = mail.salon?.hasPassword ? 'Stored; type a new one to change it' : '';
        remove.hidden = false;
        show();
        say(messages, 'good', 'Saved the mail server. Send a test e-mail to check it; e-mails that were waiting are tried again now.');
      } catch (error) {
        messages.replaceChildren(errorNotice(error));
      }
    });
  });
  remove.addEventListener('click', async () => {
    const sure = await confirmAction({
      title: 'Remove the salon’s mail server?',
      text: mail.server
        ? 'Clients’ e-mails then go out through the mail server this booking server was set up with.'
        : 'Clients then get no e-mail until a mail server is set up again.',
      confirmLabel: 'Remove mail server',
      danger: true,
    });
    if (!sure) return;
    busy(remove, 'Removing…', async () => {
      try {
        await api(url, { method: 'DELETE' });
        mail = await api(url);
        remove.hidden = true;
        show();
        say(messages, 'good', 'Removed the salon’s mail server.');
      } catch (error) {
        messages.replaceChildren(errorNotice(error));
      }
    });
  });
  return h('section', { class: 'mail', 'aria-label': 'E-mail to clients' }, form, testPart(ctx, url));
}

/** "Send a test e-mail": one message now, and the sentence of what happened. */
function testPart(ctx, url) {
  const to = input('mail-test-to', { type: 'email', value: ctx.business.email ?? '', maxlength: 254 });
  const messages = h('div', { class: 'message-area' });
  const send = h('button', { type: 'submit' }, 'Send a test e-mail');
  const form = h(
    'form',
    { class: 'panel edit-form', id: 'mail-test', novalidate: true, 'aria-labelledby': 'mail-test-heading' },
    h('h3', { id: 'mail-test-heading' }, 'Send a test e-mail'),
    field('To', to, 'Through the mail server above, now: it says at once whether the settings work.'),
    messages,
    h('div', { class: 'actions' }, send),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (showProblems(messages, to.value.trim() ? [] : ['Give an address to send the test e-mail to.'])) return;
    busy(send, 'Sending…', async () => {
      try {
        const result = await api(`${url}/test`, { method: 'POST', body: { to: to.value.trim() } });
        messages.replaceChildren(notice(result.sent ? 'good' : 'error', result.message));
      } catch (error) {
        messages.replaceChildren(errorNotice(error));
      }
    });
  });
  return form;
}
