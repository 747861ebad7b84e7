// One booking (#bookings/ID): load → state → render, with the actions its buttons and forms run.

import { messageArea } from '../../ui/notice.js';
import { hasUnsaved } from '../../ui/unsaved.js';
import { bookingActions } from './actions.js';
import { loadBooking } from './load.js';
import { bookingPage, noSuchBooking } from './page.js';
import { bookingState } from './state.js';

/** How often at most the clock is read again while a visit's start is awaited. */
const LOOK_AGAIN_MS = 30_000;

/** The timer waiting for the start of the booking on the page: one at a time, cleared when the page is left. */
let startTimer = null;
const stopWaiting = () => clearTimeout(startTimer);

/**
 * The start of a visit not yet begun draws the page again (its Mark completed and Mark no-show
 * come), if it is still open then. The clock is read again at least every LOOK_AGAIN_MS rather
 * than trusting one long timer: a computer asleep or a tab frozen across the start would wake
 * after it with the buttons still missing. Typing not yet saved waits until it is saved.
 */
function redrawAtStart(ctx, { booking, live, started }) {
  stopWaiting();
  if (!live || started) return;
  const startsAt = Date.parse(booking.startTime);
  const look = () => {
    if (!ctx.isCurrent()) return;
    if (Date.now() >= startsAt && !hasUnsaved(document)) return ctx.refresh();
    startTimer = setTimeout(look, Math.min(Math.max(startsAt - Date.now(), 0) + 100, LOOK_AGAIN_MS));
  };
  startTimer = setTimeout(look, Math.min(startsAt - Date.now() + 100, LOOK_AGAIN_MS));
  addEventListener('hashchange', stopWaiting, { once: true });
}

/**
 * The sentence an action left: every action draws the page again, so the button that had the
 * focus is gone; the focus goes to the sentence (once the view is on the page), and Tab goes on
 * from there, not from the top.
 */
function sayFlash(ctx, message) {
  if (!ctx.flash) return;
  message.append(ctx.flash);
  setTimeout(() => {
    if (message.isConnected && ctx.isCurrent()) message.focus();
  }, 0);
}

export async function renderBooking(ctx, id) {
  const bookingId = Number(id);
  if (!Number.isInteger(bookingId) || bookingId < 1) return noSuchBooking();
  const state = {
    ...bookingState(await loadBooking(ctx.api, bookingId, ctx.me)),
    stylist: ctx.me?.role === 'stylist',
    owner: !['front_desk', 'stylist'].includes(ctx.me?.role),
  };
  const message = messageArea({ tabindex: '-1' });
  sayFlash(ctx, message);
  redrawAtStart(ctx, state);
  return bookingPage(state, bookingActions(ctx, state, message), message);
}
