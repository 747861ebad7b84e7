// Actions: add a service (then the list), save one's changes, switch it off (after asking) or on,
// and delete it (after asking; then the list). Each says what it did.

import { isolate } from '../../dom.js';
import { t } from '../../locale.js';
import { changesOf } from '../../ui/fields.js';
import { money } from '../../ui/money.js';
import { flashNext, perform, say, showProblems } from '../../ui/notice.js';
import { timeText } from './list.js';

export function addService(ctx, button, messages, { body, problems }) {
  if (showProblems(messages, problems)) return;
  if (!body.description) delete body.description;
  return perform(button, t('Adding…'), messages, async () => {
    const made = await ctx.api.call('adminCreateService', { body });
    const price = money(made.price, made.currency);
    flashNext('good', t('Added “{name}”: {time}, {price}.', { name: isolate(made.name), time: timeText(made), price }));
    location.hash = '#services';
  });
}

/** The actions of one service's page; `service()` and `saved(service)` keep the page's copy (and heading) current. */
export function serviceActions(ctx, { service, saved }, messages) {
  const id = service().id;
  const update = async (body) => saved(await ctx.api.call('adminUpdateService', { id, body }));
  return {
    save(button, { body, problems }) {
      if (showProblems(messages, problems)) return;
      const changes = changesOf(body, service(), '');
      if (Object.keys(changes).length === 0) return say(messages, 'good', t('Nothing to save: no field was changed.'));
      return perform(button, t('Saving…'), messages, async () => {
        const now = await update(changes);
        say(messages, 'good', t('Saved “{name}”. Connected programs are told about the change.', { name: isolate(now.name) }));
      });
    },
    /** Switches it on or off; resolves to whether it can be booked now. */
    async setActive(active) {
      const now = await update({ active });
      const name = isolate(now.name);
      say(
        messages,
        'good',
        now.active ? t('“{name}” can be booked again.', { name }) : t('“{name}” is switched off: it can no longer be booked.', { name }),
      );
      return now.active;
    },
    remove: (button) =>
      perform(button, t('Deleting…'), messages, async () => {
        await ctx.api.call('adminDeleteService', { id });
        flashNext('good', t('Deleted “{name}”.', { name: isolate(service().name) }));
        location.hash = '#services';
      }),
  };
}
