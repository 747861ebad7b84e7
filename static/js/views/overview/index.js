// The overview (#overview): is the server up, is anything waiting or failing, and the last 24
// hours at a glance. Drawn again every 30 seconds (routes.js). load → render.

import { button, h } from '../../dom.js';
import { plural } from '../../format.js';
import { backupNotices, backupTile, loadBackups } from '../backups/index.js';
import { hourlyChart } from './chart.js';
import { healthTiles, problems } from './tiles.js';
import { viewPage } from '../../ui/pages.js';

async function loadOverview(api, businessId) {
  const [status, hourly, failures, backups] = await Promise.all([
    api.call('adminGetStatus'),
    api.list('adminDeliveriesPerHour'),
    api.list('adminRecentDeliveryFailures', { query: { limit: 20, businessId } }),
    loadBackups(),
  ]);
  return { status, hourly, failures, backups };
}

/** Connections switched off get no notifications: said first. */
function switchedOff({ webhooks }) {
  if (webhooks.failed === 0) return null;
  return h(
    'div',
    { class: 'notice warn', role: 'status' },
    h(
      'p',
      null,
      `${plural(webhooks.failed, 'connection is', 'connections are')} switched off and will get no notifications. `,
      h('a', { href: '#connections' }, 'See connections'),
    ),
  );
}

export async function renderOverview(ctx) {
  const { status, hourly, failures, backups } = await loadOverview(ctx.api, ctx.business.id);
  return viewPage(
    { class: 'overview', title: 'Overview', beside: button('Refresh', () => ctx.refresh(), 'quiet') },
    switchedOff(status),
    backupNotices(backups),
    healthTiles(status, backupTile(backups)),
    hourlyChart(hourly),
    h('section', { class: 'panel' }, h('h3', null, 'Recent problems'), problems(failures)),
    h('p', { class: 'hint' }, `Updated at ${new Date().toLocaleTimeString()}; this page refreshes itself every 30 seconds.`),
  );
}
