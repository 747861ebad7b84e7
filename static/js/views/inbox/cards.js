// Render: one card per booking that waits on the salon, saying who, what, with whom, when, where
// it came from and what it waits for, with the actions right there.

import { button, h, isolate, phrase } from '../../dom.js';
import { dateTimeAgo } from '../../format.js';
import { marked, t } from '../../locale.js';
import { contact } from '../../ui/contact.js';
import { field } from '../../ui/fields.js';
import { messageArea } from '../../ui/notice.js';
import { itemCard } from '../../ui/pages.js';
import { salonDateTime } from '../../salon-time.js';

/** Whom it is for: the name given, while the salon has not said whether it is that client's. */
export const whoOf = (booking) => (booking.clientCheck ? booking.bookedAs.name : booking.client.name);

/** Where a booking came from, and when (`when`: date, time and how long ago). */
const ORIGIN = {
  website: (_item, when) => t('Booked on the salon’s booking page {when}', { when }),
  integration: (item, when) =>
    item.keyName
      ? phrase(t('Booked through {name} {when}', { when }), { name: isolate(item.keyName) })
      : t('Booked through a connected program {when}', { when }),
  desk: (_item, when) => t('Booked at the desk {when}', { when }),
};

/**
 * How to reach the client: the phone number and e-mail address given when booking (without a
 * mail server a website client is told no e-mail comes and the salon has the number), else the
 * client record's.
 */
function contactLine(booking) {
  const given = booking.bookedAs ?? {};
  const links = [contact.phone(given.phone ?? booking.client.phone), contact.email(given.email ?? booking.client.email)].filter(Boolean);
  if (links.length === 0) return null;
  return h(
    'p',
    { class: 'contact' },
    links.flatMap((link, i) => (i === 0 ? [link] : [' · ', link])),
  );
}

const WAITS = {
  confirmation: [marked('To confirm'), 'warn'],
  'client-check': [marked('Client to check'), 'neutral'],
};

const badges = (waitsFor) =>
  h(
    'span',
    { class: 'waits' },
    waitsFor.map((w) => h('span', { class: `badge ${WAITS[w][1]}` }, t(WAITS[w][0]))),
  );

/**
 * The one question before declining, in the card: what happens, to whom and when, that it cannot
 * be undone, the reason (optional), and buttons that say what they do, as the booking's page asks.
 */
function declineForm(item, actions, area) {
  const { booking } = item;
  const reason = h('input', { type: 'text', maxlength: '500', id: `decline-reason-${booking.id}` });
  const submit = h('button', { type: 'submit', class: 'danger' }, t('Decline booking'));
  const form = h(
    'form',
    { class: 'decline', hidden: true, 'aria-label': t('Decline this booking?') },
    h(
      'p',
      null,
      h('strong', null, t('Decline this booking?')),
      ' ',
      phrase(
        t(
          '{name}, {time}. The booking is cancelled and the time becomes free for others; this cannot be undone; connected programs are told.',
          { time: salonDateTime(booking.startTime) },
        ),
        { name: isolate(whoOf(booking)) },
      ),
    ),
    field(t('Reason for declining'), reason, t('Optional. Connected programs receive it.')),
    h(
      'div',
      { class: 'actions' },
      submit,
      button(t('Keep the booking'), () => (form.hidden = true)),
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
    item.waitsFor.includes('client-check') ? t('Check the client') : t('Open'),
  );
  if (!item.waitsFor.includes('confirmation')) return [h('div', { class: 'actions' }, open)];
  const decline = declineForm(item, actions, area);
  const declineButton = button(t('Decline…'), () => {
    decline.hidden = false;
    decline.querySelector('input').focus();
  });
  return [
    h(
      'div',
      { class: 'actions' },
      button(t('Confirm'), (b) => actions.confirm(b, booking, area), 'primary'),
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
    h(
      'p',
      null,
      phrase(t('{service} with {staff}'), { service: isolate(booking.serviceName), staff: isolate(booking.staffName) }),
      ' · ',
      salonDateTime(booking.startTime),
    ),
    contactLine(booking),
    h('p', { class: 'hint' }, ORIGIN[item.origin](item, dateTimeAgo(booking.createdAt))),
    ...bookingActions(item, actions, area),
    area,
  );
}
