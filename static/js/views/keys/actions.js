// Actions: create a key, give one a new value or revoke it (after asking); the list is drawn
// again, and a new value is shown this once.

import { confirmAction, isolate, phrase } from '../../dom.js';
import { t } from '../../locale.js';
import { perform, say, sayError, showProblems } from '../../ui/notice.js';

/** A sentence of the page's words with the key's name in it: phrase(t('Revoke “{name}”?'), …). */
const named = (text, key) => phrase(text, { name: isolate(key.name) });

const ASK = {
  revoke: (key) => ({
    title: named(t('Revoke “{name}”?'), key),
    text: t('Programs using this key stop working at once, and its connections get no more notifications. This cannot be undone.'),
    confirmLabel: t('Revoke key'),
    danger: true,
  }),
  regenerate: (key) => ({
    title: named(t('Give “{name}” a new value?'), key),
    text: t(
      'The current value stops working at once, so the program using it must get the new one. Its permissions and connections stay as they are.',
    ),
    confirmLabel: t('Make a new value'),
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
      await change(button, t('Revoking…'), async () => {
        await ctx.api.call('adminRevokeKey', { id: key.id });
        say(flash, 'good', named(t('“{name}” is revoked. Programs using it can no longer connect.'), key));
      });
    },
    regenerate: async (button, key) => {
      if (!(await confirmAction(ASK.regenerate(key)))) return;
      await change(button, t('Making…'), async () => {
        const renewed = await ctx.api.call('adminRegenerateKey', { id: key.id });
        flash.replaceChildren();
        page.showOnce(renewed, named(t('New value for “{name}”'), renewed));
      });
    },
    /** Creates the key the form describes; the form empties, the new key is shown once. */
    create: (button, messages, { body, problems }, reset) => {
      if (showProblems(messages, problems)) return;
      return perform(button, t('Creating…'), messages, async () => {
        const key = await ctx.api.call('adminCreateKey', { body });
        messages.replaceChildren();
        reset();
        flash.replaceChildren();
        page.showOnce(key, named(t('Your new key “{name}”'), key));
        page.showList().catch((error) => sayError(flash, error));
      });
    },
  };
}
