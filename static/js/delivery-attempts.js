// One delivery's attempts with their times (GET …/webhooks/:id/deliveries/:deliveryId), opened
// from its row in the history.

import { api, businessPath } from './api.js';
import { busy, errorNotice, h } from './dom.js';
import { ATTEMPT_STATUS, dateTime, TRIGGER_LABELS } from './format.js';

const secondsFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const at = (iso) => secondsFormat.format(new Date(iso));

/** "Attempt 2 (automatic retry), due 10:01:00: sent 10:01:00, answered 200 after 84 ms. Delivered." */
function timing(attempt) {
  const trigger = TRIGGER_LABELS[attempt.trigger];
  const head = `Attempt ${attempt.attemptNumber}${trigger ? ` (${trigger})` : ''}, due ${at(attempt.scheduledFor)}`;
  const steps = [];
  if (attempt.sentAt) steps.push(`sent ${at(attempt.sentAt)}`);
  if (attempt.responseStatusCode !== null) steps.push(`answered ${attempt.responseStatusCode} after ${attempt.responseTimeMs} ms`);
  else if (attempt.sentAt) steps.push(`no answer after ${attempt.responseTimeMs} ms`);
  if (attempt.finishedAt) steps.push(`done ${at(attempt.finishedAt)}`);
  const [outcome] = ATTEMPT_STATUS[attempt.deliveryStatus] ?? [attempt.deliveryStatus];
  return `${head}${steps.length ? `: ${steps.join(', ')}` : ''}. ${outcome}${attempt.errorMessage ? `: ${attempt.errorMessage}` : ''}.`;
}

/** A button that shows (and hides again) every attempt of `deliveryId` under it, with their times. */
export function attemptsToggle(ctx, webhookId, deliveryId) {
  const area = h('div', { class: 'attempt-timings' });
  const button = h('button', { type: 'button', 'aria-expanded': 'false' }, 'All attempts');
  button.addEventListener('click', () => {
    if (button.getAttribute('aria-expanded') === 'true') {
      area.replaceChildren();
      button.setAttribute('aria-expanded', 'false');
      return;
    }
    busy(button, 'Loading…', async () => {
      try {
        const delivery = await api(`${businessPath(ctx.business)}/webhooks/${webhookId}/deliveries/${encodeURIComponent(deliveryId)}`);
        area.replaceChildren(
          h('p', null, `The event happened ${dateTime(delivery.createdAt)}.`),
          h(
            'ol',
            null,
            delivery.attempts.map((attempt) => h('li', null, timing(attempt))),
          ),
        );
        button.setAttribute('aria-expanded', 'true');
      } catch (error) {
        area.replaceChildren(errorNotice(error));
      }
    });
  });
  return { button, area };
}
