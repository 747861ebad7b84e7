// Actions: confirming and declining a booking from the inbox. Each says what it did and the view
// is drawn again (the menu's count with it); declining is asked once, by the card's form
// (cards.js: "Decline booking" / "Keep the booking"), so it is done at once.

import { busy, isolate, phrase } from '../../dom.js';
import { t } from '../../locale.js';
import { flashNext, sayError } from '../../ui/notice.js';
import { salonDateTime } from '../../salon-time.js';
import { whoOf } from './cards.js';

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
        t('Confirming…'),
        () => ctx.api.call('adminConfirmBooking', { id: booking.id }),
        phrase(t('Confirmed: {name}, {time}.', { time: salonDateTime(booking.startTime) }), { name: isolate(whoOf(booking)) }),
        area,
      ),
    decline: (button, booking, reason, area) =>
      act(
        button,
        t('Declining…'),
        () => ctx.api.call('adminCancelBooking', { id: booking.id, body: reason ? { reason } : {} }),
        phrase(t('Declined: {name}, {time}; the time is free again.', { time: salonDateTime(booking.startTime) }), {
          name: isolate(whoOf(booking)),
        }),
        area,
      ),
  };
}
