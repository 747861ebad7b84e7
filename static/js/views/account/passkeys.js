// "Passkeys": the person's passkeys (name, when added, last used), "Add a passkey" with a name they
// will recognise, and Remove. A passkey then signs them in alone, without their password.

import { button, h, isolate } from '../../dom.js';
import { dateTimeAgo } from '../../format.js';
import { t } from '../../locale.js';
import { makePasskey, passkeyProblem, whyNoPasskeys } from '../../passkeys.js';
import { messageArea, perform, say } from '../../ui/notice.js';

function passkeyRow(passkey, remove) {
  return h(
    'li',
    { class: 'row-item passkey', 'data-passkey-id': passkey.id },
    h(
      'div',
      { class: 'what' },
      h('strong', null, isolate(passkey.name)),
      h(
        'p',
        { class: 'hint' },
        passkey.lastUsedAt
          ? t('Added {added}, last used {used}', { added: dateTimeAgo(passkey.createdAt), used: dateTimeAgo(passkey.lastUsedAt) })
          : t('Added {added}, not used yet', { added: dateTimeAgo(passkey.createdAt) }),
      ),
    ),
    button(t('Remove'), (element) => remove(element, passkey)),
  );
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
      passkeys.length
        ? h(
            'ul',
            { class: 'list-plain passkeys-list' },
            passkeys.map((passkey) => passkeyRow(passkey, remove)),
          )
        : h('p', null, t('No passkey yet.')),
      why
        ? h('p', { class: 'hint' }, why)
        : h(
            'div',
            { class: 'inline-form' },
            h('label', { for: 'passkey-name' }, t('Name of this device')),
            name,
            h('label', { for: 'passkey-password' }, t('Your password, to confirm it is you')),
            password,
            button(t('Add a passkey'), (added) => add(added), 'primary'),
          ),
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
    perform(element, t('Removing…'), messages, async () => {
      await ctx.api.call('adminRemovePasskey', { id: passkey.id });
      await load();
      say(messages, 'good', t('Removed: “{name}” no longer signs you in.', { name: passkey.name }));
    });
  return { element, load };
}
