// The one on/off switch of a thing that can stop taking bookings (a service, a staff member):
// switching off asks first, switching back on does not.

import { confirmAction, h } from '../dom.js';
import { perform } from './notice.js';

/**
 * `labels` are the button's words while it is on and while it is off; `ask()` the question before
 * switching off; `save(active)` saves and says so, resolving to whether it is on now. A refusal
 * is said in `messages`. `set(active)` puts the button right after a save elsewhere.
 */
export function activeSwitch({ active, labels: [whileOn, whileOff], busyLabel, ask, save, messages }) {
  let on = active;
  const element = h('button', { type: 'button' }, on ? whileOn : whileOff);
  const set = (value) => {
    on = value;
    element.textContent = on ? whileOn : whileOff;
  };
  element.addEventListener('click', async () => {
    const turningOff = on;
    if (turningOff && !(await confirmAction(ask()))) return;
    await perform(element, busyLabel(turningOff), messages, async () => {
      on = await save(!turningOff);
    });
    set(on);
  });
  return { element, set };
}
