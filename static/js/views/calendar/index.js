// The calendar (#calendar/2026-11-23, #calendar/2026-11-23/week/4): a day with a column per staff
// member, or one staff member's week with a chooser of whose, showing bookings, holds, breaks,
// hours off, time off and closures. A click on a free time (or "New booking") books a phone or
// walk-in client; dragging a booking moves it.
// On a phone the day's list comes first (style.css), the grid after it.
// load → state → render, with the actions of its controls.

import { h } from '../../dom.js';
import { messageArea } from '../../ui/notice.js';
import { calendarActions } from './actions.js';
import { parseAddress } from './address.js';
import { calendarGrid } from './grid.js';
import { loadCalendar } from './load.js';
import { calendarPage, setupNeeded } from './page.js';
import { calendarState, daysOf } from './state.js';

export async function renderCalendar(ctx, id) {
  const address = parseAddress(id, ctx.business.timezone);
  const { first, last } = daysOf(address);
  // A stylist's calendar shows their day; booking and moving are the desk's (the server says so too).
  const state = {
    ...calendarState(await loadCalendar(ctx.api, first, last, ctx.me), address, ctx.business),
    readOnly: ctx.me?.role === 'stylist',
  };
  if (!state.ready) return setupNeeded(state);
  const message = messageArea({ role: 'status' }, ctx.flash);
  const actions = calendarActions(ctx, state, message);
  const grid = await calendarGrid(ctx, state, actions);
  return grid ? calendarPage(state, actions, message, grid) : h('div');
}
