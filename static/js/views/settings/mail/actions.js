// Actions: save or remove the salon's mail server (the part says again how mail stands, and
// waiting e-mails are tried at once), and send a test e-mail, each ending in its sentence.

import { confirmAction } from '../../../dom.js';
import { notice, perform, say, showProblems } from '../../../ui/notice.js';

/** `saved(mail)` shows the settings as they now are. */
export function mailActions(ctx, { current, saved }) {
  return {
    save: (button, messages, { body, problems }) => {
      if (showProblems(messages, problems)) return;
      return perform(button, 'Saving…', messages, async () => {
        saved(await ctx.api.call('adminSetMailSettings', { body }));
        say(messages, 'good', 'Saved the mail server. Send a test e-mail to check it; e-mails that were waiting are tried again now.');
      });
    },
    async remove(button, messages) {
      const sure = await confirmAction({
        title: 'Remove the salon’s mail server?',
        text: current().server
          ? 'Clients’ e-mails then go out through the mail server this booking server was set up with.'
          : 'Clients then get no e-mail until a mail server is set up again.',
        confirmLabel: 'Remove mail server',
        danger: true,
      });
      if (!sure) return;
      return perform(button, 'Removing…', messages, async () => {
        await ctx.api.call('adminDeleteMailSettings');
        saved(await ctx.api.call('adminGetMailSettings'));
        say(messages, 'good', 'Removed the salon’s mail server.');
      });
    },
    sendTest: (button, messages, to) => {
      if (showProblems(messages, to ? [] : ['Give an address to send the test e-mail to.'])) return;
      return perform(button, 'Sending…', messages, async () => {
        const result = await ctx.api.call('adminSendTestMail', { body: { to } });
        messages.replaceChildren(notice(result.sent ? 'good' : 'error', result.message));
      });
    },
  };
}
