// "Connections to other programs" (#connections): every webhook of the salon, whichever key set it
// up, how it has been doing, with a test button, a way to switch a failed one back on and to send
// again what failed.

import { h } from '../../dom.js';
import { t } from '../../locale.js';
import { errorNotice, messageArea, notice } from '../../ui/notice.js';
import { connectionActions } from './actions.js';
import { connectionCard } from './card.js';
import { viewPage } from '../../ui/pages.js';

/** The webhooks, each with the key that set it up (one the salon no longer lists counts as active) and its stats. */
async function loadConnections(api) {
  const [webhooks, keys] = await Promise.all([api.list('adminListWebhooks'), api.list('adminListKeys')]);
  const keysById = new Map(keys.map((k) => [k.id, k]));
  const stats = await Promise.all(webhooks.map((webhook) => api.call('adminGetWebhookStats', { id: webhook.id })));
  return webhooks.map((webhook, i) => ({
    webhook,
    key: keysById.get(webhook.apiKeyId) ?? { name: t('key {id}', { id: webhook.apiKeyId }), status: 'active' },
    stats: stats[i],
  }));
}

const none = () =>
  t('No connections yet. A program with a key that may “get notified of new bookings and other changes” sets up its connection itself.');

export async function renderConnectionList(ctx) {
  const flashArea = messageArea();
  const list = h('div', { class: 'cards' });
  const show = async () => {
    const connections = await loadConnections(ctx.api);
    list.replaceChildren(
      ...(connections.length === 0
        ? [h('p', { class: 'empty' }, none())]
        : connections.map((connection) => connectionCard(connection, actions, ctx.business.timezone))),
    );
  };
  const actions = connectionActions(ctx, async (sentence) => {
    flashArea.replaceChildren(notice('good', sentence));
    await show().catch((error) => flashArea.append(errorNotice(error)));
  });
  await show();
  return viewPage(
    {
      class: 'connections',
      title: t('Connections to other programs'),
      intro: [
        t('Programs such as your website or a CRM are notified by this server when something happens, like a new booking.'),
        ' ',
        t('Each connection was set up by one of those programs with its API key.'),
      ],
    },
    flashArea,
    list,
  );
}
