// Render and actions: the overview's word about each connection switched off after its failures,
// with why and the last problem, until someone switches it back on or chooses to leave it off.

import { button, h, isolate } from '../../dom.js';
import { dateTimeAgo } from '../../format.js';
import { messageArea, notice, perform } from '../../ui/notice.js';

function sentence(off) {
  return [
    '“',
    isolate(off.name),
    `” was switched off${off.disabledAt ? ` ${dateTimeAgo(off.disabledAt)}` : ''}${off.disabledReason ? ` because ${off.disabledReason}` : ''}. `,
    off.lastError ? `The last problem: ${off.lastError}. ` : '',
    'It gets no notifications until it is switched back on.',
  ];
}

const switchedOn = (off) =>
  notice('good', [
    '“',
    isolate(off.name),
    '” is switched on again. To send again what failed before it was switched off, use “Send again everything that failed since” on ',
    h('a', { href: '#connections' }, 'Connections'),
    '.',
  ]);

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
        'Switching on…',
        () => api.call('adminUpdateWebhook', { id: off.webhookId, body: { status: 'active' } }),
        switchedOn(off),
      ),
    leave: (element) =>
      act(element, 'Saving…', () => api.call('adminLeaveWebhookSwitchedOff', { id: off.webhookId }), h('span', { hidden: true })),
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
      button('Switch back on', actions.switchOn, 'primary'),
      button('Leave it switched off', actions.leave),
      h('a', { class: 'button', href: `#connections/${off.webhookId}` }, 'Delivery history'),
    ),
    result,
  );
  return box;
}

/** One notice per connection of the salon switched off that nobody has acted on (`switchedOff`, as loaded). */
export const switchedOffNotices = (api, switchedOff) => switchedOff.map((off) => switchedOffNotice(api, off));
