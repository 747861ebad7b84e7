// Render: the overview's tiles (server, last hour, queue, connections, database, and those of other
// views, such as the backup's) and the recent problems: deliveries that failed for good.

import { h } from '../../dom.js';
import { bytes, capitalise, dateTime, duration, eventLabel, hostOf, plural, timeAgo } from '../../format.js';

function tile(title, value, detail, tone) {
  return h(
    'section',
    { class: `tile ${tone ?? ''}` },
    h('h3', null, title),
    h('p', { class: 'value' }, value),
    detail ? h('p', { class: 'detail' }, detail) : null,
  );
}

function lastHourTile(counts) {
  const tone = counts.failed > 0 ? 'bad' : counts.retrying > 0 ? 'warn' : 'good';
  return tile('Last hour', `${counts.success} delivered`, `${counts.retrying} failed and retried later, ${counts.failed} failed`, tone);
}

function queueTile(queue) {
  const sending = queue.leased;
  const waiting = queue.due + queue.scheduled + sending;
  return tile(
    'Waiting to be sent',
    String(waiting),
    `${queue.due} ready now, ${plural(queue.scheduled, 'retry', 'retries')} scheduled for later, ${sending} being sent`,
    queue.due > 50 ? 'warn' : undefined,
  );
}

function connectionsTile(webhooks) {
  return tile(
    'Connections',
    `${webhooks.active} working`,
    webhooks.failed > 0 ? `${webhooks.failed} switched off` : 'None switched off',
    webhooks.failed > 0 ? 'bad' : 'good',
  );
}

/** Deliveries that failed for good; attempts that were retried are only counted, they sorted themselves out. */
export function problems(recent) {
  const failed = recent.filter((f) => f.deliveryStatus === 'failed').slice(0, 5);
  const retried = recent.filter((f) => f.deliveryStatus === 'retrying').length;
  const list =
    failed.length === 0
      ? h('p', { class: 'empty' }, 'No failed notifications lately.')
      : h(
          'ul',
          { class: 'problems' },
          failed.map((f) =>
            h(
              'li',
              null,
              h('strong', null, capitalise(eventLabel(f.event))),
              ` to ${hostOf(f.targetUrl)}: ${f.errorMessage ?? 'failed'} · `,
              h('span', { class: 'when' }, timeAgo(f.at)),
              ' · ',
              h('a', { href: `#connections/${f.webhookId}` }, 'History'),
            ),
          ),
        );
  const note =
    retried > 0
      ? h(
          'p',
          { class: 'hint' },
          `${plural(retried, 'other attempt', 'other attempts')} failed at first and were tried again automatically.`,
        )
      : null;
  return [list, note];
}

/** The five tiles of the server's status, and `more` after them. */
export function healthTiles(status, ...more) {
  return h(
    'div',
    { class: 'tiles', id: 'health' },
    tile(
      'Server',
      'Running',
      `Up since ${dateTime(status.startedAt)} (${duration(status.uptimeSeconds)}) · version ${status.version}`,
      'good',
    ),
    lastHourTile(status.deliveriesLastHour),
    queueTile(status.queue),
    connectionsTile(status.webhooks),
    tile(
      'Database',
      bytes(status.databaseBytes),
      `${status.databaseEngine === 'postgres' ? 'PostgreSQL' : 'SQLite'}: size of the booking data on disk`,
    ),
    more,
  );
}
