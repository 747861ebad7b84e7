// Actions: add a client (then their page) and save a client's contact details, each saying so.

import { isolate } from '../../dom.js';
import { flashNext, perform, say, showProblems } from '../../ui/notice.js';

const named = (messages, body) => !showProblems(messages, body.name ? [] : ['Give the client’s name.']);

export function addClient(ctx, button, messages, body) {
  if (!named(messages, body)) return;
  const given = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
  return perform(button, 'Adding…', messages, async () => {
    const made = await ctx.api.call('adminCreateClient', { body: given });
    flashNext('good', ['Added ', isolate(made.name), '.']);
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
  if (Object.keys(changes).length === 0) return say(messages, 'good', 'Nothing to save: no field was changed.');
  return perform(button, 'Saving…', messages, async () => {
    const now = saved(await ctx.api.call('adminUpdateClient', { id: before.id, body: changes }));
    say(messages, 'good', ['Saved ', isolate(now.name), '’s contact details. Connected programs are told about the change.']);
  });
}

/** The salon says a refused address works again: the client's page is drawn again without the warning. */
export function markEmailWorks(ctx, button, messages, client) {
  return perform(button, 'Saving…', messages, async () => {
    await ctx.api.call('adminClientEmailWorks', { id: client.id });
    flashNext('good', ['Saved: e-mails to ', isolate(client.name), ' are sent again.']);
    ctx.refresh();
  });
}
