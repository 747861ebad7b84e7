// Render and actions: the overview's word about each connection switched off after its failures,
// with why and the last problem, until someone switches it back on or chooses to leave it off.

import { button, h, isolate, phrase } from '../../dom.js';
import { dateTimeAgo } from '../../format.js';
import { t } from '../../locale.js';
import { messageArea, notice, perform } from '../../ui/notice.js';
import { reasonWords } from '../connections/card.js';
import { problemWords } from '../connections/problem.js';

/** "“Lena CRM” was switched off 27 Nov 2026, 10:00 (5 minutes ago) because 2 deliveries in a row failed." */
function offWords(off) {
  const values = { when: off.disabledAt ? dateTimeAgo(off.disabledAt) : '', reason: reasonWords(off.disabledReason) };
  if (off.disabledAt && off.disabledReason) return t('“{name}” was switched off {when} because {reason}.', values);
  if (off.disabledAt) return t('“{name}” was switched off {when}.', values);
  if (off.disabledReason) return t('“{name}” was switched off because {reason}.', values);
  return t('“{name}” was switched off.');
}

function sentence(off) {
  return [
    phrase(offWords(off), { name: isolate(off.name) }),
    ' ',
    off.lastError ? `${t('The last problem: {problem}.', { problem: problemWords(off.lastError) })} ` : '',
    t('It gets no notifications until it is switched back on.'),
  ];
}

const switchedOn = (off) =>
  notice(
    'good',
    phrase(
      t(
        '“{name}” is switched on again. To send again what failed before it was switched off, use “Send again everything that failed since” on {connections}.',
      ),
      { name: isolate(off.name), connections: h('a', { href: '#connections' }, t('Connections')) },
    ),
  );

/** What the salon can do about one: each call, then the notice gives way to `after`. */
function switchedOffActions(api, off, box, result) {
  const act = (element, label, call, after) =>
    perform(element, label, result, async () => {
      await call();
      box.replaceWith(after);
    });
  return {
    switchOn: (element) =>
      act(
        element,
        t('Switching on…'),
        () => api.call('adminUpdateWebhook', { id: off.webhookId, body: { status: 'active' } }),
        switchedOn(off),
      ),
    leave: (element) =>
      act(element, t('Saving…'), () => api.call('adminLeaveWebhookSwitchedOff', { id: off.webhookId }), h('span', { hidden: true })),
  };
}

function switchedOffNotice(api, off) {
  const result = messageArea();
  const box = h('div', { class: 'notice warn switched-off', role: 'status', 'data-webhook-id': off.webhookId });
  const actions = switchedOffActions(api, off, box, result);
  box.append(
    h('p', null, sentence(off)),
    h(
      'div',
      { class: 'actions' },
      button(t('Switch back on'), actions.switchOn, 'primary'),
      button(t('Leave it switched off'), actions.leave),
      h('a', { class: 'button', href: `#connections/${off.webhookId}` }, t('Delivery history')),
    ),
    result,
  );
  return box;
}

/** One notice per connection of the salon switched off that nobody has acted on (`switchedOff`, as loaded). */
export const switchedOffNotices = (api, switchedOff) => switchedOff.map((off) => switchedOffNotice(api, off));
