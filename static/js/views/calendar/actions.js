// Actions: what the calendar's controls do. Go to another day or view (the address changes and
// the view is drawn again), book (the booking form), let a hold go, and move a booking by
// dragging it. A sentence says what happened: kept for the view drawn again, or said at once.

import { busy, confirmAction, isolate, phrase } from '../../dom.js';
import { t } from '../../locale.js';
import { heldBy } from '../../refusals.js';
import { longDate, timeOf, zonedIso } from '../../salon-time.js';
import { errorAt, flashNext, say, sayError } from '../../ui/notice.js';
import { deliverySentence } from '../booking/events.js';
import { calendarAddress } from './address.js';
import { bookingDialog } from './booking-dialog.js';
import { dayList, weekList } from './day-list.js';
import { holdDialog, releaseHold } from './holds.js';
import { dayOf, wallParts } from './state.js';

/**
 * A time a website client holds: the desk books it only after saying so, which releases the hold.
 * Resolves true for "Book anyway".
 */
function askToBookOverHold(holds) {
  return confirmAction({
    title: t('Book over a hold?'),
    text: t('{held} — book anyway? A client may be booking this time on the website right now; booking it here lets their hold go.', {
      held: heldBy(holds),
    }),
    confirmLabel: t('Book anyway'),
    keepLabel: t('Cancel'),
  });
}

/** Makes the booking (over a hold, after asking); resolves to it and the sentence saying so and where the news went. */
export async function book(api, body) {
  const create = (extra) => api.call('adminCreateBooking', { body: { ...body, ...extra } });
  let booking;
  try {
    booking = await create({});
  } catch (error) {
    if (error.code !== 'slot_held' || !(await askToBookOverHold(error.body.holds))) throw error;
    booking = await create({ overrideHold: true });
  }
  const sent = await deliverySentence(api, booking.id, 'booking.created');
  const sentence = phrase(t('Booked {client} for {service} on {date} at {time} with {staff}{sent}.'), {
    client: isolate(booking.client.name),
    service: isolate(booking.serviceName),
    date: longDate(booking.startTime.slice(0, 10)),
    time: timeOf(booking.startTime),
    staff: isolate(booking.staffName),
    sent,
  });
  return { booking, sentence };
}

/**
 * A booking dropped at another time or in another column: moved, said over the grid, and the day's
 * list and the grid drawn again with it (`redraw`: its cleanup moves along). On a refusal the grid puts it back and the reason is said
 * where it was dropped: the message area above may be out of sight.
 */
async function moveDropped(ctx, state, info, { message, redraw }) {
  const { date, time } = wallParts(info.event.start);
  const staffId = Number(info.newResource?.id ?? info.event.resourceIds[0]);
  // The sentence of the action before (a move said "Moved …") is no longer what happened: it goes,
  // so that a refusal beside the drop is not contradicted by it over the grid.
  message.replaceChildren();
  try {
    const moved = await ctx.api.call('adminRescheduleBooking', {
      id: info.event.extendedProps.bookingId,
      body: { startTime: zonedIso(date, time, state.timeZone), staffId },
    });
    state.bookings = state.bookings.map((b) => (b.id === moved.id ? moved : b));
    redraw();
    const words = t('Moved {client} to {date} at {time} with {staff}.');
    say(
      message,
      'good',
      phrase(words, { client: isolate(moved.client.name), date: longDate(date), time, staff: isolate(moved.staffName) }),
    );
  } catch (error) {
    info.revert();
    errorAt(info.jsEvent, error);
  }
}

/** The staff away all day on `date` (a whole day off), as far as the calendar's loaded days tell. */
function awayAllDay(state, date) {
  const away = new Set();
  for (const [staffId, offs] of state.timeOff)
    if (offs.some((off) => off.allDay && off.startDate <= date && date <= (off.endDate ?? off.startDate))) away.add(staffId);
  return away;
}

/** The list under one staff member's week: their bookings, holds and absences of its days. */
function ownWeek(state, onRelease) {
  const member = state.columns[0];
  const theirs = (items) => items.filter((item) => item.staffId === member.id);
  const days = state.dates.map((date) =>
    dayOf({ ...state, date, staff: [member], bookings: theirs(state.bookings), holds: theirs(state.holds) }),
  );
  return weekList(member, days, state.timeZone, onRelease);
}

/** The calendar's actions for `state`; `message` is the sentence area over the calendar. */
export function calendarActions(ctx, state, message) {
  const { week, staffId, timeZone } = state;
  /** Another day or week, of the same staff member's. */
  const go = (date) => {
    location.hash = calendarAddress(date, week, staffId);
  };
  /** The booking form, set to `preset` ({ date, time, staffId, serviceId? }); the view is drawn again on the booked day. */
  const openBooking = (preset) =>
    bookingDialog({
      api: ctx.api,
      timeZone,
      contactRequired: ctx.business.deskContactRequired !== false,
      services: state.services,
      staff: state.staff,
      awayOn: (date) => awayAllDay(state, date),
      preset,
      book: (body) => book(ctx.api, body),
      onBooked: (booking, sentence) => {
        flashNext('good', sentence);
        // In one staff member's week, the week of whoever was booked: the new booking is in it.
        const target = calendarAddress(booking.startTime.slice(0, 10), week, staffId === null ? null : booking.staffId);
        if (location.hash === target) ctx.refresh();
        else location.hash = target;
      },
    });
  /** Lets a hold go, says so, and draws the view again without it. */
  const release = async (hold) => {
    flashNext('good', await releaseHold(ctx.api, hold));
    ctx.refresh();
  };
  const releaseFromList = (hold, button) =>
    busy(button, t('Releasing…'), async () => {
      try {
        await release(hold);
      } catch (error) {
        sayError(message, error);
      }
    });
  /** The day's list from `state`, in place of the one drawn before (after a move). */
  let list = null;
  const redrawDay = () => {
    const next = week && state.columns.length ? ownWeek(state, releaseFromList) : dayList(dayOf(state), timeZone, releaseFromList);
    list?.replaceWith(next);
    list = next;
    return next;
  };
  /** What draws itself again from `state` after a move without reloading: the day's list, and the grid (onMoved). */
  const redrawn = [redrawDay];
  const redraw = () => {
    for (const draw of redrawn) draw();
  };
  return {
    go,
    openBooking,
    release,
    /** A click on a hold in the grid: what it is, "Book anyway" (the form at its time) or "Release the hold". */
    showHold: (hold) =>
      holdDialog(hold, timeZone, {
        onBook: () =>
          openBooking({
            date: hold.startTime.slice(0, 10),
            time: timeOf(hold.startTime),
            staffId: hold.staffId,
            serviceId: hold.serviceIds[0],
          }),
        onRelease: release,
      }),
    moveDropped: (info) => moveDropped(ctx, state, info, { message, redraw }),
    dayList: redrawDay,
    /** `draw()` is called after each move, once `state` holds the moved booking. */
    onMoved: (draw) => redrawn.push(draw),
  };
}
