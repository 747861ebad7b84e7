// A visit that is over (completed, a no-show) is not picked up by a drag (grid-events.js): the
// owner who tries is told why, beside the visit, as a refused drop of a movable booking is told
// beside where it was dropped (actions.js), not in the message area at the top of the page.

import { marked, t } from '../../locale.js';
import { noticeAt } from '../../ui/notice.js';

/** Why a visit of this status stays where it is, in the salon's words. */
const STAYS = {
  completed: marked('This visit is completed: it stays where it happened.'),
  no_show: marked('The client did not come to this visit: it stays where it was booked.'),
};

/** How far (in pixels) the pointer moves, pressed on a visit, before it counts as a try to drag it. */
const DRAG_DISTANCE = 8;

/**
 * Listens on a visit's box (`el`) for a try to drag it: a press and a move past DRAG_DISTANCE says
 * why it stays, beside the pointer; the click that ends that try opens nothing. A plain click
 * still opens the visit.
 */
export function sayWhyItStays(el, status) {
  const words = STAYS[status];
  if (!words) return;
  let tried = false;
  el.addEventListener('pointerdown', (down) => {
    if (down.button !== 0) return;
    tried = false;
    const move = (event) => {
      if (tried || Math.hypot(event.clientX - down.clientX, event.clientY - down.clientY) < DRAG_DISTANCE) return;
      tried = true;
      noticeAt(event, 'info', t(words));
    };
    const up = () => {
      document.removeEventListener('pointermove', move);
      document.removeEventListener('pointerup', up);
      document.removeEventListener('pointercancel', up);
    };
    document.addEventListener('pointermove', move);
    document.addEventListener('pointerup', up);
    document.addEventListener('pointercancel', up);
  });
  // Before the library's own click (which opens the booking): a try to drag is no click.
  el.addEventListener(
    'click',
    (event) => {
      if (!tried) return;
      tried = false;
      event.stopImmediatePropagation();
      event.preventDefault();
    },
    true,
  );
}
