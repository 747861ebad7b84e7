// Settings' part "E-mail to clients": which mail server sends the salon's clients their
// confirmations, changes and reminders (the salon's own, or the server's BOOKING_SMTP_URL), how
// its queue stands in one sentence, and "Send a test e-mail". Without a mail server it says
// plainly that clients get no e-mail yet and how to set one up. load → render, with the actions.

import { h } from '../../../dom.js';
import { t } from '../../../locale.js';
import { mailActions } from './actions.js';
import { afterSave, mailForm, testForm } from './form.js';
import { mailStanding } from './standing.js';

export async function mailPart(ctx) {
  let mail = await ctx.api.call('adminGetMailSettings');
  const standing = h('div', { class: 'mail-standing' }, ...mailStanding(mail));
  let form = null;
  const actions = mailActions(ctx, {
    current: () => mail,
    saved: (now) => {
      mail = now;
      standing.replaceChildren(...mailStanding(mail));
      afterSave(form, mail);
    },
  });
  form = mailForm(mail, standing, ctx.business.email, actions);
  return h('section', { class: 'mail', 'aria-label': t('E-mail to clients') }, form, testForm(ctx.business.email, actions));
}
