// One delivery's attempts with their times, opened from its row in the history: a button that
// shows them under the row (and hides them again).

import { busy, h } from '../../dom.js';
import { clockSeconds, dateTime, TRIGGER_LABELS } from '../../format.js';
import { t } from '../../locale.js';
import { ATTEMPT_STATUS, statusWords } from '../../ui/badge.js';
import { sayError } from '../../ui/notice.js';
import { problemWords } from './problem.js';

const at = clockSeconds;

/** What made an attempt, in the page's language ("sent again by hand"), or null for an event's own. */
export const triggerWords = (trigger) => (TRIGGER_LABELS[trigger] ? t(TRIGGER_LABELS[trigger]) : null);

/** "Attempt 2 (sent again by hand), due 10:01:00: sent 10:01:00, answered 200 after 84 ms, done 10:01:00. Delivered." */
export function timing(attempt) {
  const trigger = triggerWords(attempt.trigger);
  const number = attempt.attemptNumber;
  const due = at(attempt.scheduledFor);
  const head = trigger
    ? t('Attempt {number} ({trigger}), due {time}', { number, trigger, time: due })
    : t('Attempt {number}, due {time}', { number, time: due });
  const ms = attempt.responseTimeMs;
  const steps = [];
  if (attempt.sentAt) steps.push(t('sent {time}', { time: at(attempt.sentAt) }));
  if (attempt.responseStatusCode !== null) steps.push(t('answered {status} after {ms} ms', { status: attempt.responseStatusCode, ms }));
  else if (attempt.sentAt) steps.push(t('no answer after {ms} ms', { ms }));
  if (attempt.finishedAt) steps.push(t('done {time}', { time: at(attempt.finishedAt) }));
  const [outcome] = statusWords(ATTEMPT_STATUS, attempt.deliveryStatus);
  return `${head}${steps.length ? `: ${steps.join(', ')}` : ''}. ${outcome}${attempt.errorMessage ? `: ${problemWords(attempt.errorMessage)}` : ''}.`;
}

/** The delivery's attempts, first attempt first, under when its event happened. */
const timings = (delivery) => [
  h('p', null, t('The event happened {time}.', { time: dateTime(delivery.createdAt) })),
  h(
    'ol',
    null,
    delivery.attempts.map((attempt) => h('li', null, timing(attempt))),
  ),
];

/** `{button, area}`: the button loads (`load()`, the delivery) and shows its attempts in the area, or hides them. */
export function attemptsToggle(load) {
  const area = h('div', { class: 'attempt-timings' });
  const button = h('button', { type: 'button', 'aria-expanded': 'false' }, t('All attempts'));
  button.addEventListener('click', () => {
    if (button.getAttribute('aria-expanded') === 'true') {
      area.replaceChildren();
      button.setAttribute('aria-expanded', 'false');
      return;
    }
    busy(button, t('Loading…'), async () => {
      try {
        area.replaceChildren(...timings(await load()));
        button.setAttribute('aria-expanded', 'true');
      } catch (error) {
        sayError(area, error);
      }
    });
  });
  return { button, area };
}
