// The calendar (#calendar/2026-11-23, #calendar/2026-11-23/week/4): a day with a column per staff
// member, or one staff member's week with a chooser of whose, showing bookings, holds, breaks,
// hours off, time off and closures. A click on a free time (or "New booking") books a phone or
// walk-in client; dragging a booking moves it.
// On a phone the day's list comes first (style.css), the grid after it.
// load → state → render, with the actions of its controls.

import { h } from '../../dom.js';
import { t } from '../../locale.js';
import { messageArea, notice } from '../../ui/notice.js';
import { calendarActions } from './actions.js';
import { calendarAddress, parseAddress, rememberCalendar } from './address.js';
import { calendarGrid } from './grid.js';
import { loadCalendar } from './load.js';
import { calendarPage, setupNeeded } from './page.js';
import { calendarState, daysOf } from './state.js';

/**
 * A stylist sees their own column only (load.js): the week of a colleague they were sent to (a
 * shared link, an old bookmark) is their own week instead, said in a sentence, and the address
 * names it. Returns the address to show and that sentence, or null.
 */
function ownWeek(me, address) {
  const own = me?.role === 'stylist' ? me.staffId : null;
  if (own === null || own === undefined || !address.week || address.staffId === null || address.staffId === own)
    return { address, told: null };
  history.replaceState(null, '', calendarAddress(address.date, true, own));
  return {
    address: { ...address, staffId: own },
    told: notice('info', t('This is your own week: your account shows your own bookings only, not a colleague’s.')),
  };
}

export async function renderCalendar(ctx, id) {
  const { address, told } = ownWeek(ctx.me, parseAddress(id, ctx.business.timezone));
  rememberCalendar(location.hash);
  const { first, last } = daysOf(address);
  // A stylist's calendar shows their day; booking and moving are the desk's (the server says so too).
  const state = {
    ...calendarState(await loadCalendar(ctx.api, first, last, ctx.me), address, ctx.business),
    readOnly: ctx.me?.role === 'stylist',
    me: ctx.me,
  };
  if (!state.ready) return setupNeeded(state);
  const message = messageArea(null, told, ctx.flash);
  const actions = calendarActions(ctx, state, message);
  const grid = await calendarGrid(ctx, state, actions);
  return grid ? calendarPage(state, actions, message, grid) : h('div');
}
