// Render: a connection (a webhook of the salon, whichever key set it up): where it sends, what
// about, the headers it sends of its own, how it has gone lately, and its buttons: send a test,
// switch a failed one back on, its history, and send again everything that failed since a time.

import { button, facts, h, isolate, phrase } from '../../dom.js';
import { dateTimeAgo, eventLabel, hostOf } from '../../format.js';
import { t, tn } from '../../locale.js';
import { statusBadge, WEBHOOK_STATUS } from '../../ui/badge.js';
import { messageArea, notice } from '../../ui/notice.js';
import { itemCard } from '../../ui/pages.js';
import { recoverForm } from './recover.js';
import { headersFact, statsFacts } from './stats.js';

/** What staff call a webhook: its description, or the host it sends to. */
export const connectionName = (webhook) => webhook.description || hostOf(webhook.targetUrl);

/**
 * Why the server switched a connection off, in the page's language: it words the reason itself
 * ("3 deliveries in a row failed", src/delivery/lifecycle.ts); one it words otherwise stays as it is.
 */
export function reasonWords(reason) {
  const count = /^(\d+) deliveries in a row failed$/.exec(reason ?? '')?.[1];
  if (count) return t('{count} deliveries in a row failed', { count: Number(count) });
  return reason === '1 delivery failed' ? t('1 delivery failed') : reason;
}

function failedNote(webhook) {
  if (webhook.status !== 'failed') return null;
  const rest = t('It gets no notifications until you switch it back on. Send a test first to check the other program answers.');
  const off = webhook.disabledReason
    ? t('Switched off because {reason}.', { reason: reasonWords(webhook.disabledReason) })
    : t('Switched off.');
  return notice('warn', `${off} ${rest}`);
}

/** Deliveries for a revoked or expired key are not sent, whatever the connection's own status. */
function keyNote(key) {
  if (key.status === 'active') return null;
  const sentence =
    key.status === 'expired'
      ? t('Its key “{name}” is expired, so nothing is sent to it. The program needs a new key and has to set up its connection again.')
      : t('Its key “{name}” is revoked, so nothing is sent to it. The program needs a new key and has to set up its connection again.');
  return notice('warn', phrase(sentence, { name: isolate(key.name) }));
}

/**
 * `key` is the key that set it up, `stats` its last 24 hours and 7 days; `actions.ping`, `actions.reactivate` and `actions.recover` say what happened in the
 * card's `result`.
 */
export function connectionCard({ webhook, key, stats }, actions, timeZone) {
  const result = messageArea();
  return itemCard(
    { class: 'card webhook', 'data-webhook-id': webhook.id },
    isolate(connectionName(webhook)),
    statusBadge(WEBHOOK_STATUS, webhook.status),
    failedNote(webhook),
    keyNote(key),
    facts([
      [t('Sends to'), h('span', { class: 'url' }, webhook.targetUrl)],
      [t('Set up with key'), isolate(key.name)],
      [t('Notifies about'), webhook.events.map(eventLabel).join(', ')],
      [t('Last notification'), webhook.lastTriggeredAt ? dateTimeAgo(webhook.lastTriggeredAt) : t('None yet')],
      [
        t('Failed in a row'),
        webhook.consecutiveFailures > 0 ? tn(webhook.consecutiveFailures, '{count} delivery', '{count} deliveries') : null,
      ],
      [t('Sends its own headers'), headersFact(webhook)],
      ...statsFacts(stats),
    ]),
    h(
      'div',
      { class: 'actions' },
      webhook.status === 'failed'
        ? button(t('Switch back on'), (element) => actions.reactivate(element, webhook, result), 'primary')
        : null,
      button(t('Send a test'), (element) => actions.ping(element, webhook, result), 'primary'),
      h('a', { class: 'button', href: `#connections/${webhook.id}` }, t('Delivery history')),
    ),
    recoverForm(webhook, timeZone, (element, since) => actions.recover(element, webhook, since, result)),
    result,
  );
}
