// One connection's delivery history (#connections/ID): every attempt with its answer, newest
// first, a page at a time, filtered by outcome, event, days and booking; each delivery's attempts
// with their times; "Send again" on a delivery's latest attempt. While attempts are waiting the
// page keeps itself current.

import { button, facts, h, isolate, phrase } from '../../dom.js';
import { capitalise, dateTimeAgo, eventLabel } from '../../format.js';
import { t } from '../../locale.js';
import { ATTEMPT_STATUS, statusBadge, WEBHOOK_STATUS } from '../../ui/badge.js';
import { messageArea, notice, sayError } from '../../ui/notice.js';
import { itemCard } from '../../ui/pages.js';
import { retryDelivery } from './actions.js';
import { attemptsToggle, triggerWords } from './attempts.js';
import { connectionName } from './card.js';
import { filterBar, filtered, filterQuery, noFilters } from './filters.js';
import { problemWords } from './problem.js';

const PAGE_SIZE = 20;
const POLL_MS = 1000;

async function loadHistory(api, webhookId, { page, filters }, timeZone) {
  const [webhook, history] = await Promise.all([
    api.call('adminGetWebhook', { id: webhookId }),
    api.call('adminListWebhookDeliveries', { id: webhookId, query: { page, limit: PAGE_SIZE, ...filterQuery(filters, timeZone) } }),
  ]);
  return { webhook, history };
}

/** Newest first, the first row of a delivery is its latest attempt: the one to offer again, if it can go. */
function offered(attempts, active) {
  const seen = new Set();
  return attempts.map((attempt) => {
    const latest = !seen.has(attempt.deliveryId);
    seen.add(attempt.deliveryId);
    return { attempt, offer: latest && active && attempt.deliveryStatus !== 'pending' && attempt.trigger !== 'ping' };
  });
}

function answerOf(attempt) {
  if (attempt.deliveryStatus === 'pending') return null;
  if (attempt.responseStatusCode === null) return t('No answer');
  const status = attempt.responseStatusCode;
  if (attempt.responseTimeMs === null) return t('Status {status}', { status });
  return t('Status {status} after {ms} ms', { status, ms: attempt.responseTimeMs });
}

function attemptRow(attempt, retryButton, timings) {
  const trigger = triggerWords(attempt.trigger);
  const time =
    attempt.deliveryStatus === 'pending'
      ? t('Due {time}', { time: dateTimeAgo(attempt.scheduledFor) })
      : dateTimeAgo(attempt.sentAt ?? attempt.createdAt);
  return itemCard(
    { class: 'card attempt', 'data-delivery-id': attempt.deliveryId, 'data-status': attempt.deliveryStatus },
    capitalise(eventLabel(attempt.event)),
    statusBadge(ATTEMPT_STATUS, attempt.deliveryStatus),
    facts([
      [t('Time'), time],
      [t('Attempt'), `${attempt.attemptNumber}${trigger ? ` (${trigger})` : ''}`],
      [t('Answer'), answerOf(attempt)],
      [t('Problem'), problemWords(attempt.errorMessage)],
      [t('Reply'), attempt.responseBodyExcerpt ? h('pre', { class: 'excerpt' }, attempt.responseBodyExcerpt) : null],
      [t('Delivery id'), h('code', null, attempt.deliveryId)],
    ]),
    h('div', { class: 'actions' }, timings.button, retryButton),
    timings.area,
  );
}

/** The parts of the page a load fills: heading, the note of a switched-off one, the list and the pager. */
function historyParts() {
  return {
    title: h('div', { class: 'view-head' }),
    offNote: messageArea(),
    flash: messageArea(),
    list: h('div', { class: 'cards' }),
    pager: h('div', { class: 'pager' }),
  };
}

/**
 * Draws what was loaded; `view` holds the parts, the position (`page`, `filters`) and `go(delta)`,
 * `retry(button, id)`, `delivery(id)` (one delivery with its attempts).
 */
function showHistory(view, { webhook, history }) {
  const active = webhook.status === 'active';
  view.title.replaceChildren(
    h('h2', null, phrase(t('Delivery history: {name}'), { name: isolate(connectionName(webhook)) })),
    statusBadge(WEBHOOK_STATUS, webhook.status),
  );
  view.offNote.replaceChildren(
    ...(active
      ? []
      : [
          notice(
            'warn',
            t('This connection is switched off, so nothing can be sent again. Switch it back on from the connections page first.'),
          ),
        ]),
  );
  const rows = offered(history.data, active).map(({ attempt, offer }) =>
    attemptRow(
      attempt,
      offer ? button(t('Send again'), (element) => view.retry(element, attempt.deliveryId)) : null,
      attemptsToggle(() => view.delivery(attempt.deliveryId)),
    ),
  );
  const empty = h(
    'p',
    { class: 'empty' },
    filtered(view.filters) ? t('No attempts of this kind.') : t('Nothing has been sent to this connection yet.'),
  );
  view.list.replaceChildren(...(rows.length ? rows : [empty]));
  const from = history.total === 0 ? 0 : (view.page - 1) * PAGE_SIZE + 1;
  const to = Math.min(history.total, view.page * PAGE_SIZE);
  view.pager.replaceChildren(
    h('button', { type: 'button', disabled: view.page === 1, onclick: () => view.go(-1) }, t('Newer')),
    h('span', null, t('{from}–{to} of {total}', { from, to, total: history.total })),
    h('button', { type: 'button', disabled: to >= history.total, onclick: () => view.go(1) }, t('Older')),
  );
}

export async function renderHistory(ctx, webhookId) {
  let pollTimer;
  const view = { ...historyParts(), page: 1, filters: noFilters() };
  const load = async () => {
    clearTimeout(pollTimer);
    const loaded = await loadHistory(ctx.api, webhookId, view, ctx.business.timezone);
    showHistory(view, loaded);
    // Attempts still waiting finish within seconds: keep the page current until they have.
    if (loaded.history.data.some((a) => a.deliveryStatus === 'pending')) pollTimer = setTimeout(() => ctx.isCurrent() && reload(), POLL_MS);
  };
  const reload = () => load().catch((error) => ctx.isCurrent() && sayError(view.flash, error));
  view.go = (delta) => {
    view.page += delta;
    reload();
  };
  view.retry = (element, deliveryId) => retryDelivery(ctx, element, view.flash, { webhookId, deliveryId }, load);
  view.delivery = (deliveryId) => ctx.api.call('adminGetWebhookDelivery', { id: webhookId, deliveryId });
  await load();
  const filters = filterBar(view.filters, () => {
    view.page = 1;
    reload();
  });
  return h(
    'div',
    { class: 'history' },
    h('p', null, h('a', { href: '#connections' }, t('← All connections'))),
    view.title,
    view.offNote,
    filters,
    view.flash,
    view.list,
    view.pager,
  );
}
