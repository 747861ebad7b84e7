// Render: one card per booking that waits on the salon, saying who, what, with whom, when, where
// it came from and what it waits for, with the actions right there.

import { button, h, isolate } from '../../dom.js';
import { dateTimeAgo } from '../../format.js';
import { field } from '../../ui/fields.js';
import { messageArea } from '../../ui/notice.js';
import { itemCard } from '../../ui/pages.js';
import { salonDateTime } from '../../salon-time.js';

/** Whom it is for: the name given, while the salon has not said whether it is that client's. */
export const whoOf = (booking) => (booking.clientCheck ? booking.bookedAs.name : booking.client.name);

const ORIGIN = {
  website: () => 'Booked on the salon’s booking page',
  integration: (item) => (item.keyName ? ['Booked through ', isolate(item.keyName)] : 'Booked through a connected program'),
  desk: () => 'Booked at the desk',
};

const WAITS = {
  confirmation: ['To confirm', 'warn'],
  'client-check': ['Client to check', 'neutral'],
};

const badges = (waitsFor) =>
  h(
    'span',
    null,
    waitsFor.map((w) => h('span', { class: `badge ${WAITS[w][1]}` }, WAITS[w][0])),
  );

/**
 * The one question before declining, in the card: what happens, to whom and when, that it cannot
 * be undone, the reason (optional), and buttons that say what they do, as the booking's page asks.
 */
function declineForm(item, actions, area) {
  const { booking } = item;
  const reason = h('input', { type: 'text', maxlength: '500', id: `decline-reason-${booking.id}` });
  const submit = h('button', { type: 'submit', class: 'danger' }, 'Decline booking');
  const form = h(
    'form',
    { class: 'decline', hidden: true, 'aria-label': 'Decline this booking?' },
    h(
      'p',
      null,
      h('strong', null, 'Decline this booking? '),
      isolate(whoOf(booking)),
      `, ${salonDateTime(booking.startTime)}. The booking is cancelled and the time becomes free for others; this cannot be undone; connected programs are told.`,
    ),
    field('Reason for declining', reason, 'Optional. Connected programs receive it.'),
    h(
      'div',
      { class: 'actions' },
      submit,
      button('Keep the booking', () => (form.hidden = true)),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    actions.decline(submit, booking, reason.value.trim(), area);
  });
  return form;
}

function bookingActions(item, actions, area) {
  const { booking } = item;
  const open = h(
    'a',
    { class: 'button', href: `#bookings/${booking.id}` },
    item.waitsFor.includes('client-check') ? 'Check the client' : 'Open',
  );
  if (!item.waitsFor.includes('confirmation')) return [h('div', { class: 'actions' }, open)];
  const decline = declineForm(item, actions, area);
  const declineButton = button('Decline…', () => {
    decline.hidden = false;
    decline.querySelector('input').focus();
  });
  return [
    h(
      'div',
      { class: 'actions' },
      button('Confirm', (b) => actions.confirm(b, booking, area), 'primary'),
      declineButton,
      open,
    ),
    decline,
  ];
}

/** One booking of the inbox (`item`: {booking, origin, keyName, waitsFor}). */
export function waitingCard(item, actions) {
  const { booking } = item;
  const area = messageArea();
  return itemCard(
    { class: 'card waiting', 'data-booking-id': booking.id },
    isolate(whoOf(booking)),
    badges(item.waitsFor),
    h('p', null, isolate(booking.serviceName), ' with ', isolate(booking.staffName), ' · ', salonDateTime(booking.startTime)),
    h('p', { class: 'hint' }, ORIGIN[item.origin](item), ` ${dateTimeAgo(booking.createdAt)}`),
    ...bookingActions(item, actions, area),
    area,
  );
}
