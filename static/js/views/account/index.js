// Your account (#account): who is signed in (name, e-mail address, role), the back office's language
// on this browser (language.js), changing one's password,
// their passkeys, and where one is signed in. The access code (the admin token) is no person: it says so and
// points to People. load → render (password.js, passkeys.js, sessions.js).

import { facts, h, isolate } from '../../dom.js';
import { t } from '../../locale.js';
import { notice } from '../../ui/notice.js';
import { titledSection, viewPage } from '../../ui/pages.js';
import { roleName } from '../people/words.js';
import { languageForm } from './language.js';
import { passwordForm } from './password.js';
import { passkeysPart } from './passkeys.js';
import { sessionsPart } from './sessions.js';

function accessCode(ctx) {
  return viewPage(
    { class: 'account', title: t('Your account') },
    notice(
      'note',
      t(
        'You are logged in with the access code. It is not a person: it has no name, password or sessions of its own, and it may do everything, as the owner does. Give each person who works here their own account under People.',
      ),
    ),
    h('p', null, h('a', { class: 'button', href: '#people' }, t('People'))),
    languageForm(ctx),
  );
}

export async function renderAccount(ctx) {
  const signedIn = await ctx.api.call('adminGetSession');
  if (signedIn.via !== 'session' || !signedIn.user) return accessCode(ctx);
  const { user } = signedIn;
  const sessions = sessionsPart(ctx);
  const passkeys = passkeysPart(ctx);
  await Promise.all([sessions.load(), passkeys.load()]);
  return viewPage(
    { class: 'account', title: t('Your account') },
    titledSection(
      { class: 'card', titleId: 'account-title', title: isolate(user.name) },
      facts([
        [t('E-mail address'), isolate(user.email)],
        [t('Role'), roleName(user.role)],
      ]),
      ctx.me?.staffId ? h('p', null, h('a', { class: 'button', href: '#time-off' }, t('My time off'))) : null,
    ),
    languageForm(ctx),
    passwordForm(ctx, user.email, sessions.load),
    passkeys.element,
    sessions.element,
  );
}
