// Actions: create a key, give one a new value or revoke it (after asking); the list is drawn
// again, and a new value is shown this once.

import { confirmAction, quoted } from '../../dom.js';
import { perform, say, sayError, showProblems } from '../../ui/notice.js';

const ASK = {
  revoke: (key) => ({
    title: ['Revoke ', quoted(key.name), '?'],
    text: 'Programs using this key stop working at once, and its connections get no more notifications. This cannot be undone.',
    confirmLabel: 'Revoke key',
    danger: true,
  }),
  regenerate: (key) => ({
    title: ['Give ', quoted(key.name), ' a new value?'],
    text: 'The current value stops working at once, so the program using it must get the new one. Its permissions and connections stay as they are.',
    confirmLabel: 'Make a new value',
  }),
};

/** `page`: `flash` (the list's sentence area), `showList()` and `showOnce(key, heading)` (render in index.js). */
export function keysActions(ctx, page) {
  const { flash } = page;
  /** Runs a change to a key while `button` is busy, then draws the list again. */
  const change = (button, busyLabel, work) =>
    perform(button, busyLabel, flash, async () => {
      await work();
      await page.showList();
    });
  return {
    revoke: async (button, key) => {
      if (!(await confirmAction(ASK.revoke(key)))) return;
      await change(button, 'Revoking…', async () => {
        await ctx.api.call('adminRevokeKey', { id: key.id });
        say(flash, 'good', [quoted(key.name), ' is revoked. Programs using it can no longer connect.']);
      });
    },
    regenerate: async (button, key) => {
      if (!(await confirmAction(ASK.regenerate(key)))) return;
      await change(button, 'Making…', async () => {
        const renewed = await ctx.api.call('adminRegenerateKey', { id: key.id });
        flash.replaceChildren();
        page.showOnce(renewed, ['New value for ', quoted(renewed.name)]);
      });
    },
    /** Creates the key the form describes; the form empties, the new key is shown once. */
    create: (button, messages, { body, problems }, reset) => {
      if (showProblems(messages, problems)) return;
      return perform(button, 'Creating…', messages, async () => {
        const key = await ctx.api.call('adminCreateKey', { body });
        messages.replaceChildren();
        reset();
        flash.replaceChildren();
        page.showOnce(key, ['Your new key ', quoted(key.name)]);
        page.showList().catch((error) => sayError(flash, error));
      });
    },
  };
}
