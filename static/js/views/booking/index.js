// One booking (#bookings/ID): load → state → render, with the actions its buttons and forms run.

import { messageArea } from '../../ui/notice.js';
import { bookingActions } from './actions.js';
import { loadBooking } from './load.js';
import { bookingPage, noSuchBooking } from './page.js';
import { bookingState } from './state.js';

/** The start of a visit not yet begun draws the page again, if it is still open then and comes within the day. */
const REDRAW_WITHIN_MS = 12 * 60 * 60_000;

function redrawAtStart(ctx, { live, started, untilStart }) {
  if (live && !started && untilStart < REDRAW_WITHIN_MS) {
    setTimeout(() => {
      if (ctx.isCurrent()) ctx.refresh();
    }, untilStart + 500);
  }
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
