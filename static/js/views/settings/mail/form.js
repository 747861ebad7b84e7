// Render: the salon's own mail server as a form (host, port, security, user, password, sender),
// with its save and remove buttons, and "Send a test e-mail" beside it.

import { h } from '../../../dom.js';
import { marked, t } from '../../../locale.js';
import { field, input, textOrNull, wholeNumber } from '../../../ui/fields.js';
import { messageArea } from '../../../ui/notice.js';

const TLS_MODES = [
  ['starttls', marked('STARTTLS (port 587)')],
  ['tls', marked('TLS (port 465)')],
  ['none', marked('None')],
];

const stored = () => t('Stored; type a new one to change it');

const plain = (id, props) => input(id, { spellcheck: 'false', autocapitalize: 'off', ...props });

/** The form's controls, filled from the salon's own settings (`own`, or null). */
function controls(own, salonEmail) {
  return {
    host: plain('mail-host', { value: own?.host ?? '', maxlength: 253, placeholder: 'smtp.example.com' }),
    port: input('mail-port', { type: 'number', inputmode: 'numeric', min: 1, max: 65535, value: String(own?.port ?? 587) }),
    tls: h(
      'select',
      { id: 'mail-tls', name: 'mail-tls' },
      TLS_MODES.map(([value, label]) => h('option', { value, selected: value === (own?.tls ?? 'starttls') }, t(label))),
    ),
    username: plain('mail-username', { value: own?.username ?? '', maxlength: 254 }),
    password: input('mail-password', {
      type: 'password',
      maxlength: 1024,
      autocomplete: 'new-password',
      placeholder: own?.hasPassword ? stored() : '',
    }),
    from: input('mail-from', { type: 'email', value: own?.fromAddress ?? '', maxlength: 254, placeholder: salonEmail ?? '' }),
  };
}

function fieldsOf(c) {
  return h(
    'div',
    { class: 'edit-fields' },
    h('div', { class: 'field-row' }, field(t('Mail server (SMTP)'), c.host), field(t('Port'), c.port)),
    field(
      t('Security'),
      c.tls,
      t(
        'What the provider says: usually STARTTLS on port 587, or TLS from the start on port 465. None only for a mail server on this computer or network.',
      ),
    ),
    h(
      'div',
      { class: 'field-row' },
      field(t('User name (optional)'), c.username),
      field(t('Password (optional)'), c.password, t('Stored encrypted, never shown again.')),
    ),
    field(t('Sender address (optional)'), c.from, t('The address clients see the e-mails come from; empty: the salon’s e-mail address.')),
  );
}

/** The settings as the API takes them (the password only when one was typed), and the problems of what was typed. */
function reader(c) {
  return () => {
    const port = wholeNumber(c.port, t('The port'), 1, 65535);
    const problems = [c.host.value.trim() ? null : t('Give the mail server’s name, such as smtp.example.com.'), port.problem].filter(
      Boolean,
    );
    const body = {
      host: c.host.value.trim(),
      port: port.value,
      tls: c.tls.value,
      username: textOrNull(c.username),
      fromAddress: textOrNull(c.from),
    };
    if (c.password.value) body.password = c.password.value;
    return { body, problems };
  };
}

/**
 * The "E-mail to clients" form: `mail` as last loaded, `standing` the element that says how mail
 * stands; `actions.save(button, messages, read())` and `actions.remove(button, messages)`.
 */
export function mailForm(mail, standing, salonEmail, actions) {
  const c = controls(mail.salon, salonEmail);
  const messages = messageArea();
  const save = h('button', { type: 'submit', class: 'primary' }, t('Save mail server'));
  const remove = h('button', { type: 'button', class: 'danger', hidden: !mail.salon }, t('Remove the salon’s mail server'));
  remove.addEventListener('click', () => actions.remove(remove, messages));
  const form = h(
    'form',
    { class: 'panel edit-form', id: 'mail-settings', novalidate: true, 'aria-labelledby': 'mail-settings-heading' },
    h('h3', { id: 'mail-settings-heading' }, t('E-mail to clients')),
    h(
      'p',
      { class: 'hint' },
      t(
        'Clients get an e-mail when they book, when the salon confirms, moves or cancels a visit, and a reminder before it, each with a link to move or cancel it themselves.',
      ),
    ),
    standing,
    fieldsOf(c),
    messages,
    h('div', { class: 'actions' }, save, remove),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    actions.save(save, messages, reader(c)());
  });
  return form;
}

/** "Send a test e-mail": to the salon's own address unless another is typed. */
export function testForm(salonEmail, actions) {
  const to = input('mail-test-to', { type: 'email', value: salonEmail ?? '', maxlength: 254 });
  const messages = messageArea();
  const send = h('button', { type: 'submit' }, t('Send a test e-mail'));
  const form = h(
    'form',
    { class: 'panel edit-form', id: 'mail-test', novalidate: true, 'aria-labelledby': 'mail-test-heading' },
    h('h3', { id: 'mail-test-heading' }, t('Send a test e-mail')),
    field(t('Send to'), to, t('Through the mail server above, now: it says at once whether the settings work.')),
    messages,
    h('div', { class: 'actions' }, send),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    actions.sendTest(send, messages, to.value.trim());
  });
  return form;
}

/** After a save or removal: the password field emptied, its placeholder and the remove button as the settings now are. */
export function afterSave(form, mail) {
  const password = form.querySelector('#mail-password');
  password.value = '';
  password.placeholder = mail.salon?.hasPassword ? stored() : '';
  form.querySelector('button.danger').hidden = !mail.salon;
}
