// The delivery statistics (#overview, under Integrations in the menu): is the server up, which connection was switched off and needs the
// salon, how the backups are, is anything waiting or failing, and the last 24 hours at a glance.
// Drawn again every 30 seconds (routes.js). load → render.

import { button, h } from '../../dom.js';
import { clockSeconds } from '../../format.js';
import { t } from '../../locale.js';
import { backupNotices, backupTile, loadBackups } from '../backups/index.js';
import { viewPage } from '../../ui/pages.js';
import { hourlyChart } from './chart.js';
import { switchedOffNotices } from './switched-off.js';
import { healthTiles, problems } from './tiles.js';

async function loadOverview(api, businessId) {
  const [status, hourly, failures, switchedOff, backups] = await Promise.all([
    api.call('adminGetStatus'),
    api.list('adminDeliveriesPerHour'),
    api.list('adminRecentDeliveryFailures', { query: { limit: 20, businessId } }),
    api.list('adminListSwitchedOffWebhooks'),
    loadBackups(),
  ]);
  return { status, hourly, failures, switchedOff, backups };
}

export async function renderOverview(ctx) {
  const { status, hourly, failures, switchedOff, backups } = await loadOverview(ctx.api, ctx.business.id);
  return viewPage(
    { class: 'overview', title: t('Delivery statistics'), beside: button(t('Refresh'), () => ctx.refresh(), 'quiet') },
    // Connections switched off get no notifications: said first, until someone acts.
    switchedOffNotices(ctx.api, switchedOff),
    backupNotices(backups),
    healthTiles(status, backupTile(backups)),
    hourlyChart(hourly),
    h('section', { class: 'panel' }, h('h3', null, t('Recent problems')), problems(failures)),
    h('p', { class: 'hint' }, t('Updated at {time}; this page refreshes itself every 30 seconds.', { time: clockSeconds(Date.now()) })),
  );
}
