// The overview's word about connections switched off after their failures: each named, with why
// and the last error, until someone switches it back on or chooses to leave it off.

import { api, businessPath } from './api.js';
import { busy, errorNotice, h, isolate, notice } from './dom.js';
import { dateTimeAgo } from './format.js';

function sentence(off) {
  return [
    '“',
    isolate(off.name),
    `” was switched off${off.disabledAt ? ` ${dateTimeAgo(off.disabledAt)}` : ''}${off.disabledReason ? ` because ${off.disabledReason}` : ''}. `,
    off.lastError ? `The last problem: ${off.lastError}. ` : '',
    'It gets no notifications until it is switched back on.',
  ];
}

function switchedOffNotice(ctx, off) {
  const base = `${businessPath(ctx.business)}/webhooks/${off.webhookId}`;
  const result = h('div', { class: 'message-area' });
  const box = h('div', { class: 'notice warn switched-off', role: 'status', 'data-webhook-id': off.webhookId });
  const act = (button, label, call, after) =>
    busy(button, label, async () => {
      try {
        await call();
        box.replaceWith(after);
      } catch (error) {
        result.replaceChildren(errorNotice(error));
      }
    });
  const on = h('button', { type: 'button', class: 'primary' }, 'Switch back on');
  on.addEventListener('click', () =>
    act(
      on,
      'Switching on…',
      () => api(base, { method: 'PATCH', body: { status: 'active' } }),
      notice('good', [
        '“',
        isolate(off.name),
        '” is switched on again. To send what failed while it was off, use “Send again everything that failed since” on ',
        h('a', { href: '#connections' }, 'Connections'),
        '.',
      ]),
    ),
  );
  const leave = h('button', { type: 'button' }, 'Leave it switched off');
  leave.addEventListener('click', () =>
    act(leave, 'Saving…', () => api(`${base}/leave-switched-off`, { method: 'POST' }), h('span', { hidden: true })),
  );
  box.append(
    h('p', null, sentence(off)),
    h('div', { class: 'actions' }, on, leave, h('a', { class: 'button', href: `#connections/${off.webhookId}` }, 'Delivery history')),
    result,
  );
  return box;
}

/** The notices for `ctx.business`, one per connection switched off that nobody has acted on. */
export async function switchedOffNotices(ctx) {
  const { data } = await api(`${businessPath(ctx.business)}/webhooks/switched-off`);
  return data.map((off) => switchedOffNotice(ctx, off));
}
