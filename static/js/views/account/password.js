// Changing one's own password: the current one, the new one twice. The server says why a new one
// will not do (too short, too common, one's own name or address); the person's other sessions end.

import { h } from '../../dom.js';
import { t } from '../../locale.js';
import { field, formPanel, input } from '../../ui/fields.js';
import { say } from '../../ui/notice.js';

const secret = (id, autocomplete) => input(id, { type: 'password', autocomplete, spellcheck: 'false', autocapitalize: 'off' });

/** The form; `changed()` runs after a change (the sessions are read again). */
export function passwordForm(ctx, email, changed) {
  const current = secret('current-password', 'current-password');
  const next = secret('new-password', 'new-password');
  const again = secret('new-password-again', 'new-password');
  // For password managers: whose password this is.
  const who = h('input', { type: 'email', name: 'username', autocomplete: 'username', value: email, hidden: true, readOnly: true });
  return formPanel(
    'password',
    t('Change password'),
    null,
    [
      who,
      field(t('Current password'), current),
      field(t('New password'), next, t('At least 10 characters. A few words in a row are easy to remember and hard to guess.')),
      field(t('New password again'), again),
    ],
    t('Change password'),
    async (messages) => {
      await ctx.api.call('adminChangePassword', { body: { currentPassword: current.value, newPassword: next.value } });
      for (const control of [current, next, again]) control.value = '';
      say(messages, 'good', t('Your password is changed. You stay signed in here; everywhere else you are signed out.'));
      await changed();
    },
    {
      className: 'password-form',
      problems: () => [
        current.value ? null : t('Type your current password.'),
        next.value ? null : t('Type a new password.'),
        next.value && next.value !== again.value ? t('The two new passwords are not the same. Type the new one again.') : null,
      ],
    },
  );
}
