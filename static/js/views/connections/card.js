// Render: a connection (a webhook of the salon, whichever key set it up): where it sends, what
// about, the headers it sends of its own, how it has gone lately, and its buttons: send a test,
// switch a failed one back on, its history, and send again everything that failed since a time.

import { button, facts, h, isolate, quoted } from '../../dom.js';
import { dateTimeAgo, eventLabel, hostOf, plural } from '../../format.js';
import { statusBadge, WEBHOOK_STATUS } from '../../ui/badge.js';
import { messageArea, notice } from '../../ui/notice.js';
import { itemCard } from '../../ui/pages.js';
import { recoverForm } from './recover.js';
import { headersFact, statsFacts } from './stats.js';

/** What staff call a webhook: its description, or the host it sends to. */
export const connectionName = (webhook) => webhook.description || hostOf(webhook.targetUrl);

function failedNote(webhook) {
  if (webhook.status !== 'failed') return null;
  return notice(
    'warn',
    `Switched off${webhook.disabledReason ? ` because ${webhook.disabledReason}` : ''}. It gets no notifications until you switch it back on. Send a test first to check the other program answers.`,
  );
}

/** Deliveries for a revoked or expired key are not sent, whatever the connection's own status. */
function keyNote(key) {
  if (key.status === 'active') return null;
  return notice('warn', [
    'Its key ',
    quoted(key.name),
    ` is ${key.status}, so nothing is sent to it. The program needs a new key and has to set up its connection again.`,
  ]);
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
      ['Sends to', h('span', { class: 'url' }, webhook.targetUrl)],
      ['Set up with key', isolate(key.name)],
      ['Notifies about', webhook.events.map(eventLabel).join(', ')],
      ['Last notification', webhook.lastTriggeredAt ? dateTimeAgo(webhook.lastTriggeredAt) : 'None yet'],
      ['Failed in a row', webhook.consecutiveFailures > 0 ? plural(webhook.consecutiveFailures, 'delivery', 'deliveries') : null],
      ['Sends its own headers', headersFact(webhook)],
      ...statsFacts(stats),
    ]),
    h(
      'div',
      { class: 'actions' },
      webhook.status === 'failed' ? button('Switch back on', (element) => actions.reactivate(element, webhook, result), 'primary') : null,
      button('Send a test', (element) => actions.ping(element, webhook, result), 'primary'),
      h('a', { class: 'button', href: `#connections/${webhook.id}` }, 'Delivery history'),
    ),
    recoverForm(webhook, timeZone, (element, since) => actions.recover(element, webhook, since, result)),
    result,
  );
}
