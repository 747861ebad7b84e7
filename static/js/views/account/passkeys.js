// "Passkeys": the person's passkeys (name, when added, last used), "Add a passkey" with a name they
// will recognise, and Remove. A passkey then signs them in alone, without their password.

import { button, facts, h, isolate } from '../../dom.js';
import { dateTimeAgo } from '../../format.js';
import { t } from '../../locale.js';
import { makePasskey, passkeyProblem, whyNoPasskeys } from '../../passkeys.js';
import { field } from '../../ui/fields.js';
import { messageArea, perform, performIfSure, say } from '../../ui/notice.js';
import { rowItem, rowsOf } from '../../ui/pages.js';

const REMOVE_QUESTION = (passkey) => ({
  title: t('Remove the passkey “{name}”?', { name: passkey.name }),
  text: t('It will no longer sign you in. Your password still does, and you can add a passkey again at any time.'),
  confirmLabel: t('Remove the passkey'),
  keepLabel: t('Keep it'),
  danger: true,
});

/** One passkey: its name, when it was added and last used, and Remove (which asks first). */
function passkeyRow(passkey, remove) {
  return rowItem(
    { class: 'passkey', 'data-passkey-id': passkey.id },
    [
      h('strong', null, isolate(passkey.name)),
      facts([
        [t('Added'), dateTimeAgo(passkey.createdAt)],
        [t('Last used'), passkey.lastUsedAt ? dateTimeAgo(passkey.lastUsedAt) : null],
      ]),
      passkey.lastUsedAt ? null : h('p', { class: 'hint' }, t('Not used yet')),
    ],
    h(
      'div',
      { class: 'actions' },
      button(t('Remove'), (element) => remove(element, passkey)),
    ),
  );
}

/** "Add a passkey", laid out as the page's other forms: each label above its field, the button under them; `add(button)` adds it. */
function addForm(name, password, add) {
  const submit = h('button', { type: 'submit', class: 'primary' }, t('Add a passkey'));
  const form = h(
    'form',
    { class: 'edit-form passkey-form', novalidate: true, 'aria-labelledby': 'passkey-add-title' },
    h('h4', { id: 'passkey-add-title' }, t('Add a passkey on this device')),
    field(t('Name of this device'), name, t('A name you will recognise in this list, such as the device and where it is.')),
    field(t('Your password, to confirm it is you'), password),
    h('div', { class: 'actions' }, submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    add(submit);
  });
  return form;
}

/** The section: `load()` reads the passkeys and draws them; `element` is on the page. */
export function passkeysPart(ctx) {
  const element = h('section', { class: 'card passkeys', 'aria-labelledby': 'passkeys-title' });
  const messages = messageArea();
  const name = h('input', { id: 'passkey-name', type: 'text', maxlength: '100', placeholder: t('Laptop at the desk') });
  const password = h('input', { id: 'passkey-password', type: 'password', autocomplete: 'current-password' });
  let passkeys = [];
  const why = whyNoPasskeys();
  const draw = () => {
    element.replaceChildren(
      h('h3', { id: 'passkeys-title' }, t('Passkeys')),
      h(
        'p',
        { class: 'hint' },
        t(
          'A passkey signs you in without your password: your fingerprint, face or the device’s PIN confirms it is you. Add one on each device you use.',
        ),
      ),
      messages,
      rowsOf({ class: 'list-plain passkeys-list' }, passkeys, (passkey) => passkeyRow(passkey, remove), t('No passkey yet.')),
      why ? h('p', { class: 'hint' }, why) : addForm(name, password, add),
    );
  };
  const load = async () => {
    passkeys = await ctx.api.list('adminListPasskeys');
    draw();
  };
  const add = (element) =>
    perform(element, t('Waiting for the passkey…'), messages, async () => {
      if (!password.value) {
        say(messages, 'error', t('Type your password first: a passkey is a new way into your account.'));
        password.focus();
        return;
      }
      const { challengeId, options } = await ctx.api.call('adminPasskeyOptions');
      let response;
      try {
        response = await makePasskey(options);
      } catch (error) {
        say(messages, 'error', passkeyProblem(error));
        return;
      }
      const body = { challengeId, response, password: password.value, name: name.value.trim() || undefined };
      const added = await ctx.api.call('adminAddPasskey', { body });
      name.value = '';
      password.value = '';
      await load();
      say(messages, 'good', t('Added: “{name}” signs you in from now on.', { name: added.name }));
    });
  const remove = (element, passkey) =>
    performIfSure(REMOVE_QUESTION(passkey), element, t('Removing…'), messages, async () => {
      await ctx.api.call('adminRemovePasskey', { id: passkey.id });
      await load();
      say(messages, 'good', t('Removed: “{name}” no longer signs you in.', { name: passkey.name }));
    });
  return { element, load };
}
