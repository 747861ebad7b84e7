// Actions: save or remove the salon's mail server (the part says again how mail stands, and
// waiting e-mails are tried at once), and send a test e-mail, each ending in its sentence.

import { t } from '../../../locale.js';
import { mailProblem } from '../../../mail-problems.js';
import { notice, perform, performIfSure, say, showProblems } from '../../../ui/notice.js';

/** `saved(mail)` shows the settings as they now are. */
export function mailActions(ctx, { current, saved }) {
  return {
    save: (button, messages, { body, problems }) => {
      if (showProblems(messages, problems)) return;
      return perform(button, t('Saving…'), messages, async () => {
        saved(await ctx.api.call('adminSetMailSettings', { body }));
        say(messages, 'good', t('Saved the mail server. Send a test e-mail to check it; e-mails that were waiting are tried again now.'));
      });
    },
    remove(button, messages) {
      const question = {
        title: t('Remove the salon’s mail server?'),
        text: current().server
          ? t('Clients’ e-mails then go out through the mail server this booking server was set up with.')
          : t('Clients then get no e-mail until a mail server is set up again.'),
        confirmLabel: t('Remove mail server'),
        danger: true,
      };
      return performIfSure(question, button, t('Removing…'), messages, async () => {
        await ctx.api.call('adminDeleteMailSettings');
        saved(await ctx.api.call('adminGetMailSettings'));
        say(messages, 'good', t('Removed the salon’s mail server.'));
      });
    },
    sendTest: (button, messages, to) => {
      if (showProblems(messages, to ? [] : [t('Give an address to send the test e-mail to.')])) return;
      return perform(button, t('Sending…'), messages, async () => {
        const result = await ctx.api.call('adminSendTestMail', { body: { to } });
        messages.replaceChildren(notice(result.sent ? 'good' : 'error', mailProblem(result.message)));
      });
    },
  };
}
