// "Connections to other programs": every webhook of the salon, whichever key set it up, with a
// test button and a way to switch a failed one back on.

import { api, businessPath } from './api.js';
import { busy, errorNotice, facts, h, isolate, notice, quoted } from './dom.js';
import { dateTimeAgo, eventLabel, hostOf, plural } from './format.js';

/** What staff call a webhook: its description, or the host it sends to. */
export const connectionName = (webhook) => webhook.description || hostOf(webhook.targetUrl);

export function statusBadge(webhook) {
  return webhook.status === 'active' ? h('span', { class: 'badge good' }, 'Working') : h('span', { class: 'badge bad' }, 'Switched off');
}

function pingSentence(result) {
  if (result.success) return `Test delivered: the other program answered ${result.statusCode} in ${result.responseTimeMs} ms.`;
  return `The test did not get through: ${result.errorMessage ?? 'no answer'}. Check that the other program is running and its address is right.`;
}

function card(webhook, key, ctx, flash) {
  const result = h('div', { class: 'message-area' });
  const name = connectionName(webhook);
  const failedNote =
    webhook.status === 'failed'
      ? notice(
          'warn',
          `Switched off${webhook.disabledReason ? ` because ${webhook.disabledReason}` : ''}. It gets no notifications until you switch it back on. Send a test first to check the other program answers.`,
        )
      : null;
  // Deliveries for a revoked or expired key are not sent, whatever the connection's own status.
  const keyNote =
    key.status === 'active'
      ? null
      : notice('warn', [
          'Its key ',
          quoted(key.name),
          ` is ${key.status}, so nothing is sent to it. The program needs a new key and has to set up its connection again.`,
        ]);

  const ping = h('button', { type: 'button', class: 'primary' }, 'Send a test');
  ping.addEventListener('click', () =>
    busy(ping, 'Sending…', async () => {
      try {
        const answer = await api(`${businessPath(ctx.business)}/webhooks/${webhook.id}/ping`, { method: 'POST' });
        result.replaceChildren(notice(answer.success ? 'good' : 'error', pingSentence(answer)));
      } catch (error) {
        result.replaceChildren(errorNotice(error));
      }
    }),
  );

  const reactivate = webhook.status === 'failed' ? h('button', { type: 'button', class: 'primary' }, 'Switch back on') : null;
  reactivate?.addEventListener('click', () =>
    busy(reactivate, 'Switching on…', async () => {
      try {
        await api(`${businessPath(ctx.business)}/webhooks/${webhook.id}`, { method: 'PATCH', body: { status: 'active' } });
        flash(
          notice(
            'good',
            `“${name}” is switched on again and gets new notifications. Notifications from while it was off are not sent on their own; send the important ones again from its delivery history.`,
          ),
        );
      } catch (error) {
        result.replaceChildren(errorNotice(error));
      }
    }),
  );

  return h(
    'article',
    { class: 'card webhook', 'data-webhook-id': webhook.id },
    h('header', null, h('h3', null, isolate(name)), statusBadge(webhook)),
    failedNote,
    keyNote,
    facts([
      ['Sends to', h('span', { class: 'url' }, webhook.targetUrl)],
      ['Set up with key', isolate(key.name)],
      ['Notifies about', webhook.events.map(eventLabel).join(', ')],
      ['Last notification', webhook.lastTriggeredAt ? dateTimeAgo(webhook.lastTriggeredAt) : 'None yet'],
      ['Failed in a row', webhook.consecutiveFailures > 0 ? plural(webhook.consecutiveFailures, 'delivery', 'deliveries') : null],
    ]),
    h('div', { class: 'actions' }, reactivate, ping, h('a', { class: 'button', href: `#connections/${webhook.id}` }, 'Delivery history')),
    result,
  );
}

/** Renders the connections of `ctx.business`. */
export async function renderConnections(ctx) {
  const flashArea = h('div', { class: 'message-area' });
  const list = h('div', { class: 'cards' });

  const load = async () => {
    const base = businessPath(ctx.business);
    const [webhooks, keys] = await Promise.all([api(`${base}/webhooks`), api(`${base}/keys`)]);
    const keysById = new Map(keys.data.map((k) => [k.id, k]));
    const flash = async (message) => {
      flashArea.replaceChildren(message);
      try {
        await load();
      } catch (error) {
        flashArea.append(errorNotice(error));
      }
    };
    list.replaceChildren(
      ...(webhooks.data.length === 0
        ? [
            h(
              'p',
              { class: 'empty' },
              'No connections yet. A program with a key that may “get notified of new bookings and other changes” sets up its connection itself.',
            ),
          ]
        : webhooks.data.map((w) => card(w, keysById.get(w.apiKeyId) ?? { name: `key ${w.apiKeyId}`, status: 'active' }, ctx, flash))),
    );
  };
  await load();

  return h(
    'div',
    { class: 'connections' },
    h('div', { class: 'view-head' }, h('h2', null, 'Connections to other programs')),
    h(
      'p',
      { class: 'intro' },
      'Programs such as your website or a CRM are notified by this server when something happens, like a new booking. ',
      'Each connection was set up by one of those programs with its API key.',
    ),
    flashArea,
    list,
  );
}
