// The menu's count of what waits on the salon (the inbox), on every view: asked of the server
// every 30 seconds while the tab is shown, at once when it is shown again and after each view is
// drawn (an action redraws its view). A hidden tab asks nothing. When the server cannot be
// reached the last count stays, marked as not up to date, and the next turn tries again.

import { api } from '../../api.js';
import { h } from '../../dom.js';
import { clockTime } from '../../format.js';
import { t } from '../../locale.js';

export const INBOX_EVERY_MS = 30_000;

/** What the badges say: the number, and for a screen reader what it counts. */
function showCount(badges, count) {
  for (const badge of badges) {
    badge.hidden = count === 0;
    badge.classList.remove('stale');
    badge.removeAttribute('title');
    badge.replaceChildren(String(count), h('span', { class: 'visually-hidden' }, ` ${t('waiting')}`));
  }
}

function showStale(badges, since) {
  for (const badge of badges) {
    badge.classList.add('stale');
    if (badge.lastChild) badge.lastChild.textContent = ` ${t('waiting, not up to date')}`;
    badge.title = since
      ? t('Not up to date (last read at {time}): the booking server cannot be reached.', { time: clockTime(since) })
      : t('Not up to date: the booking server cannot be reached.');
  }
}

/**
 * Keeps `badges` (the menu's and the Menu button's) showing the salon's count. `changed()` is
 * called when a timed turn finds the inbox different from the last time (the inbox or the calendar
 * redraws); when it returns false (not now), the next turn tells it again.
 */
export function inboxCount(badges, changed) {
  let business = null;
  let timer;
  let seen = null;
  let readAt = null;
  let turn = 0;
  async function ask({ timed = false } = {}) {
    clearTimeout(timer);
    const mine = ++turn;
    if (!business || document.hidden) return;
    const salon = business;
    try {
      const inbox = await api.salon(salon).call('adminGetInbox');
      if (mine !== turn || salon.id !== business?.id) return;
      const now = JSON.stringify([inbox.bookings.map((i) => [i.booking.id, i.waitsFor]), inbox.switchedOff.map((o) => o.webhookId)]);
      // A change the page could not show yet (someone is typing) is told again on the next turn.
      const told = !(timed && seen !== null && now !== seen) || changed() !== false;
      if (told) seen = now;
      readAt = new Date().toISOString();
      showCount(badges, inbox.count);
    } catch (error) {
      if (mine !== turn || error.status === 401) return;
      showStale(badges, readAt);
    }
    timer = setTimeout(() => ask({ timed: true }), INBOX_EVERY_MS);
  }
  document.addEventListener('visibilitychange', () => (document.hidden ? clearTimeout(timer) : ask({ timed: true })));
  return {
    /** Counts for `salon` from the next view drawn on (null: stops, as at logging out). */
    watch(salon) {
      if (salon?.id !== business?.id) [seen, readAt] = [null, null];
      business = salon;
      if (salon) return;
      turn += 1;
      clearTimeout(timer);
      for (const badge of badges) badge.hidden = true;
    },
    /** Asks now (a view was drawn: what waits may have changed). */
    refresh: () => ask(),
  };
}
