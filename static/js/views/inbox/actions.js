// Actions: confirming and declining a booking from the inbox. Each says what it did and the view
// is drawn again (the menu's count with it); declining asks first, as on the booking's page.

import { busy, confirmAction, isolate } from '../../dom.js';
import { flashNext, sayError } from '../../ui/notice.js';
import { salonDateTime } from '../../salon-time.js';
import { whoOf } from './cards.js';

const askDecline = (booking) => ({
  title: 'Decline this booking?',
  text: [
    isolate(whoOf(booking)),
    `, ${salonDateTime(booking.startTime)}. The booking is cancelled and the time becomes free for others; this cannot be undone; connected programs are told.`,
  ],
  confirmLabel: 'Decline booking',
  keepLabel: 'Keep the booking',
  danger: true,
});

export function inboxActions(ctx) {
  const act = (button, label, call, sentence, area) =>
    busy(button, label, async () => {
      try {
        await call();
        flashNext('good', sentence);
        ctx.refresh();
      } catch (error) {
        sayError(area, error);
      }
    });
  return {
    confirm: (button, booking, area) =>
      act(
        button,
        'Confirming…',
        () => ctx.api.call('adminConfirmBooking', { id: booking.id }),
        ['Confirmed: ', isolate(whoOf(booking)), `, ${salonDateTime(booking.startTime)}.`],
        area,
      ),
    decline: async (button, booking, reason, area) => {
      if (!(await confirmAction(askDecline(booking)))) return;
      await act(
        button,
        'Declining…',
        () => ctx.api.call('adminCancelBooking', { id: booking.id, body: reason ? { reason } : {} }),
        ['Declined: ', isolate(whoOf(booking)), `, ${salonDateTime(booking.startTime)}; the time is free again.`],
        area,
      );
    },
  };
}
