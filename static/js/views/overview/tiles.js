// Render: the overview's tiles (server, last hour, queue, connections, database, and those of other
// views, such as the backup's) and the recent problems: deliveries that failed for good.

import { h } from '../../dom.js';
import { bytes, capitalise, dateTime, duration, eventLabel, hostOf, timeAgo } from '../../format.js';
import { t, tn } from '../../locale.js';
import { problemWords } from '../connections/problem.js';

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
  const detail = `${t('{count} failed and retried later', { count: counts.retrying })}, ${t('{count} failed', { count: counts.failed })}`;
  return tile(t('Last hour'), t('{count} delivered', { count: counts.success }), detail, tone);
}

function queueTile(queue) {
  const sending = queue.leased;
  const waiting = queue.due + queue.scheduled + sending;
  return tile(
    t('Waiting to be sent'),
    String(waiting),
    t('{due} ready now, {retries} scheduled for later, {sending} being sent', {
      due: queue.due,
      retries: tn(queue.scheduled, '{count} retry', '{count} retries'),
      sending,
    }),
    queue.due > 50 ? 'warn' : undefined,
  );
}

function connectionsTile(webhooks) {
  return tile(
    t('Connections'),
    t('{count} working', { count: webhooks.active }),
    webhooks.failed > 0 ? t('{count} switched off', { count: webhooks.failed }) : t('None switched off'),
    webhooks.failed > 0 ? 'bad' : 'good',
  );
}

/** Deliveries that failed for good; attempts that were retried are only counted, they sorted themselves out. */
export function problems(recent) {
  const failed = recent.filter((f) => f.deliveryStatus === 'failed').slice(0, 5);
  const retried = recent.filter((f) => f.deliveryStatus === 'retrying').length;
  const list =
    failed.length === 0
      ? h('p', { class: 'empty' }, t('No failed notifications lately.'))
      : h(
          'ul',
          { class: 'problems' },
          failed.map((f) =>
            h(
              'li',
              null,
              h('strong', null, capitalise(eventLabel(f.event))),
              ' ',
              t('to {host}: {problem}', { host: hostOf(f.targetUrl), problem: problemWords(f.errorMessage) ?? t('failed') }),
              ' · ',
              h('span', { class: 'when' }, timeAgo(f.at)),
              ' · ',
              h('a', { href: `#connections/${f.webhookId}` }, t('History')),
            ),
          ),
        );
  const note =
    retried > 0
      ? h(
          'p',
          { class: 'hint' },
          tn(
            retried,
            '{count} other attempt failed at first and was tried again automatically.',
            '{count} other attempts failed at first and were tried again automatically.',
          ),
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
      t('Server'),
      t('Running'),
      t('Up since {time} ({duration}) · version {version}', {
        time: dateTime(status.startedAt),
        duration: duration(status.uptimeSeconds),
        version: status.version,
      }),
      'good',
    ),
    lastHourTile(status.deliveriesLastHour),
    queueTile(status.queue),
    connectionsTile(status.webhooks),
    tile(
      t('Database'),
      bytes(status.databaseBytes),
      t('{engine}: size of the booking data on disk', { engine: status.databaseEngine === 'postgres' ? 'PostgreSQL' : 'SQLite' }),
    ),
    more,
  );
}
