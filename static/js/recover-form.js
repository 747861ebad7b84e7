// "Send again everything that failed since …" on a connection: POST …/webhooks/:id/recover, after
// switching it back on when it is off. The server sends them in the background; this says how many.

import { api, businessPath } from './api.js';
import { busy, h } from './dom.js';
import { plural } from './format.js';
import { wallClockOf, zonedIso } from './salon-time.js';

const DAY_MS = 86_400_000;

/** What the salon reads once the recovery is queued. */
export function recoverSentence(answer) {
  if (answer.deliveries === 0) return 'Nothing failed since then that has not been delivered since.';
  if (answer.capped) {
    return `The first ${answer.deliveries.toLocaleString('en-GB')} notifications that failed since then are being sent again. Send again from a later time for the rest.`;
  }
  const n = answer.deliveries;
  return `${plural(n, 'notification that failed since then is', 'notifications that failed since then are')} being sent again. The results appear in its delivery history.`;
}

/**
 * The form: a time (by default a day before the connection was switched off, or a day ago) and one
 * button. `done(sentence)` tells what was queued (and draws the connection again); `failed(error)` why not.
 */
export function recoverForm(ctx, webhook, done, failed) {
  const zone = ctx.business.timezone;
  const from = (webhook.disabledAt ? Date.parse(webhook.disabledAt) : Date.now()) - DAY_MS;
  const id = `recover-since-${webhook.id}`;
  const since = h('input', { id, type: 'datetime-local', required: true, value: wallClockOf(zone, from) });
  const off = webhook.status === 'failed';
  const submit = h('button', { type: 'submit' }, off ? 'Switch back on and send again' : 'Send again');
  const base = `${businessPath(ctx.business)}/webhooks/${webhook.id}`;
  const form = h('form', { class: 'recover' }, h('label', { for: id }, 'Send again everything that failed since'), since, submit);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const [date, time] = since.value.split('T');
    busy(submit, 'Sending…', async () => {
      try {
        if (off) await api(base, { method: 'PATCH', body: { status: 'active' } });
        const answer = await api(`${base}/recover`, {
          method: 'POST',
          body: { since: new Date(zonedIso(date, time, zone)).toISOString() },
        });
        await done(`${off ? 'Switched on again. ' : ''}${recoverSentence(answer)}`);
      } catch (error) {
        failed(error);
      }
    });
  });
  return form;
}
