// One connection's delivery history: every attempt with its answer, and "send again".

import { api, businessPath } from './api.js';
import { busy, errorNotice, facts, h, isolate, notice } from './dom.js';
import { ATTEMPT_STATUS, capitalise, dateTimeAgo, eventLabel, TRIGGER_LABELS } from './format.js';
import { connectionName, statusBadge } from './webhooks.js';

const PAGE_SIZE = 20;
const POLL_MS = 1000;

const FILTERS = [
  ['', 'All attempts'],
  ['failed', 'Failed'],
  ['retrying', 'Failed, retried later'],
  ['success', 'Delivered'],
  ['pending', 'Waiting to be sent'],
];

function answerOf(attempt) {
  if (attempt.deliveryStatus === 'pending') return null;
  if (attempt.responseStatusCode === null) return 'No answer';
  return `Status ${attempt.responseStatusCode}${attempt.responseTimeMs === null ? '' : ` after ${attempt.responseTimeMs} ms`}`;
}

function attemptRow(attempt, retryButton) {
  const [label, tone] = ATTEMPT_STATUS[attempt.deliveryStatus] ?? [attempt.deliveryStatus, 'neutral'];
  const trigger = TRIGGER_LABELS[attempt.trigger];
  const time =
    attempt.deliveryStatus === 'pending' ? `Due ${dateTimeAgo(attempt.scheduledFor)}` : dateTimeAgo(attempt.sentAt ?? attempt.createdAt);
  return h(
    'article',
    { class: 'card attempt', 'data-delivery-id': attempt.deliveryId, 'data-status': attempt.deliveryStatus },
    h('header', null, h('h3', null, capitalise(eventLabel(attempt.event))), h('span', { class: `badge ${tone}` }, label)),
    facts([
      ['Time', time],
      ['Attempt', `${attempt.attemptNumber}${trigger ? ` (${trigger})` : ''}`],
      ['Answer', answerOf(attempt)],
      ['Problem', attempt.errorMessage],
      ['Reply', attempt.responseBodyExcerpt ? h('pre', { class: 'excerpt' }, attempt.responseBodyExcerpt) : null],
      ['Delivery id', h('code', null, attempt.deliveryId)],
    ]),
    retryButton ? h('div', { class: 'actions' }, retryButton) : null,
  );
}

/** Renders the history of webhook `webhookId` of `ctx.business`. */
export async function renderHistory(ctx, webhookId) {
  const base = `${businessPath(ctx.business)}/webhooks/${webhookId}`;
  let page = 1;
  let status = '';
  let pollTimer;

  const title = h('div', { class: 'view-head' });
  const offNote = h('div', { class: 'message-area' });
  const flashArea = h('div', { class: 'message-area' });
  const list = h('div', { class: 'cards' });
  const pager = h('div', { class: 'pager' });

  const retry = (deliveryId) => {
    const button = h('button', { type: 'button' }, 'Send again');
    button.addEventListener('click', () =>
      busy(button, 'Sending…', async () => {
        try {
          await api(`${base}/deliveries/${encodeURIComponent(deliveryId)}/retry`, { method: 'POST' });
          flashArea.replaceChildren(notice('good', 'Sent again. The result appears here in a moment.'));
          await load();
        } catch (error) {
          flashArea.replaceChildren(errorNotice(error));
        }
      }),
    );
    return button;
  };

  const load = async () => {
    clearTimeout(pollTimer);
    const query = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
    if (status) query.set('status', status);
    const [webhook, history] = await Promise.all([api(base), api(`${base}/deliveries?${query}`)]);
    const active = webhook.status === 'active';
    title.replaceChildren(h('h2', null, 'Delivery history: ', isolate(connectionName(webhook))), statusBadge(webhook));
    offNote.replaceChildren(
      ...(active
        ? []
        : [
            notice(
              'warn',
              'This connection is switched off, so nothing can be sent again. Switch it back on from the connections page first.',
            ),
          ]),
    );
    const seen = new Set();
    list.replaceChildren(
      ...(history.data.length === 0
        ? [h('p', { class: 'empty' }, status ? 'No attempts of this kind.' : 'Nothing has been sent to this connection yet.')]
        : history.data.map((attempt) => {
            // Newest first: the first row of a delivery is its latest attempt, the one to offer again.
            const latest = !seen.has(attempt.deliveryId);
            seen.add(attempt.deliveryId);
            const offer = latest && active && attempt.deliveryStatus !== 'pending' && attempt.trigger !== 'ping';
            return attemptRow(attempt, offer ? retry(attempt.deliveryId) : null);
          })),
    );
    const from = history.total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
    const to = Math.min(history.total, page * PAGE_SIZE);
    const go = (delta) => () => {
      page += delta;
      reload();
    };
    pager.replaceChildren(
      h('button', { type: 'button', disabled: page === 1, onclick: go(-1) }, 'Newer'),
      h('span', null, `${from}–${to} of ${history.total}`),
      h('button', { type: 'button', disabled: to >= history.total, onclick: go(1) }, 'Older'),
    );
    // Attempts still waiting finish within seconds: keep the page current until they have.
    if (history.data.some((a) => a.deliveryStatus === 'pending')) {
      pollTimer = setTimeout(() => ctx.isCurrent() && reload(), POLL_MS);
    }
  };
  const reload = () =>
    load().catch((error) => {
      if (ctx.isCurrent()) flashArea.replaceChildren(errorNotice(error));
    });

  await load();

  const filter = h(
    'select',
    {
      id: 'history-filter',
      onchange: (event) => {
        status = event.target.value;
        page = 1;
        reload();
      },
    },
    FILTERS.map(([value, label]) => h('option', { value }, label)),
  );
  return h(
    'div',
    { class: 'history' },
    h('p', null, h('a', { href: '#connections' }, '← All connections')),
    title,
    offNote,
    h('div', { class: 'filter' }, h('label', { for: 'history-filter' }, 'Show'), filter),
    flashArea,
    list,
    pager,
  );
}
