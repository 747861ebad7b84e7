// Actions: add a client (then their page) and save a client's contact details, each saying so.

import { isolate } from '../../dom.js';
import { t } from '../../locale.js';
import { flashNext, perform, say, showProblems } from '../../ui/notice.js';

const named = (messages, body) => !showProblems(messages, body.name ? [] : [t('Give the client’s name.')]);

export function addClient(ctx, button, messages, body) {
  if (!named(messages, body)) return;
  const given = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
  return perform(button, t('Adding…'), messages, async () => {
    const made = await ctx.api.call('adminCreateClient', { body: given });
    flashNext('good', t('Added {name}.', { name: isolate(made.name) }));
    location.hash = `#clients/${made.id}`;
  });
}

/** Saves what changed of `client()`; `saved(client)` keeps the page's copy (and heading) current. */
export function saveClient(ctx, button, messages, { client, saved }, body) {
  if (!named(messages, body)) return;
  const before = client();
  const changes = Object.fromEntries(
    Object.entries(body).filter(([key, value]) => value !== (before[key] ?? (key === 'notes' ? '' : null))),
  );
  if (Object.keys(changes).length === 0) return say(messages, 'good', t('Nothing to save: no field was changed.'));
  return perform(button, t('Saving…'), messages, async () => {
    const now = saved(await ctx.api.call('adminUpdateClient', { id: before.id, body: changes }));
    say(messages, 'good', t('Saved {name}’s contact details. Connected programs are told about the change.', { name: isolate(now.name) }));
  });
}

/** The salon says a refused address works again: the client's page is drawn again without the warning. */
export function markEmailWorks(ctx, button, messages, client) {
  return perform(button, t('Saving…'), messages, async () => {
    await ctx.api.call('adminClientEmailWorks', { id: client.id });
    flashNext('good', t('Saved: e-mails to {name} are sent again.', { name: isolate(client.name) }));
    ctx.refresh();
  });
}
