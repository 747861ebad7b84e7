// Render: "Send again everything that failed since …" on a connection, a time in the salon's zone
// (by default a day before it was switched off, or a day ago) and one button. The call is
// actions.recover; the server sends them in the background, and the sentence says how many.

import { h } from '../../dom.js';
import { pageLocale, t, tn } from '../../locale.js';
import { wallClockOf, zonedIso } from '../../salon-time.js';

const DAY_MS = 86_400_000;

/** What the salon reads once the recovery is queued. */
export function recoverSentence(answer) {
  if (answer.deliveries === 0) return t('Nothing failed since then that has not been delivered since.');
  if (answer.capped) {
    return t('The first {count} notifications that failed since then are being sent again. Send again from a later time for the rest.', {
      count: answer.deliveries.toLocaleString(pageLocale()),
    });
  }
  return tn(
    answer.deliveries,
    '{count} notification that failed since then is being sent again. The results appear in its delivery history.',
    '{count} notifications that failed since then are being sent again. The results appear in its delivery history.',
  );
}

/** The form of `webhook`; `recover(button, sinceIso)` does it (switching it back on first when it is off). */
export function recoverForm(webhook, timeZone, recover) {
  const from = (webhook.disabledAt ? Date.parse(webhook.disabledAt) : Date.now()) - DAY_MS;
  const id = `recover-since-${webhook.id}`;
  const since = h('input', { id, type: 'datetime-local', required: true, value: wallClockOf(timeZone, from) });
  const submit = h('button', { type: 'submit' }, webhook.status === 'failed' ? t('Switch back on and send again') : t('Send again'));
  const form = h('form', { class: 'recover' }, h('label', { for: id }, t('Send again everything that failed since')), since, submit);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const [date, time] = since.value.split('T');
    recover(submit, new Date(zonedIso(date, time, timeZone)).toISOString());
  });
  return form;
}
