// Render: a booking's page from its state: what, when, who; the actions it allows now; the forms
// that change it; its payments; and what happened to it, with where each event was sent.

import { button, facts, h, isolate } from '../../dom.js';
import { dateTime } from '../../format.js';
import { longDate, timeOf } from '../../salon-time.js';
import { BOOKING_STATUS, statusBadge } from '../../ui/badge.js';
import { money } from '../../ui/money.js';
import { notice } from '../../ui/notice.js';
import { calendarAddress } from '../calendar/address.js';
import { cancelForm, moveForm } from './changes.js';
import { clientCheckCard } from './client-check.js';
import { eventsList } from './events.js';
import { paymentsSection } from './payments.js';
import { clientLabel } from './words.js';
import { viewPage } from '../../ui/pages.js';

/** An address with no booking behind it. */
export function noSuchBooking() {
  return h(
    'section',
    null,
    notice('error', 'There is no such booking. Open one from the calendar.'),
    h('a', { href: '#calendar' }, 'Open the calendar'),
  );
}

const contact = {
  phone: (phone) => (phone ? h('a', { href: `tel:${phone.replace(/[^+0-9]/g, '')}` }, phone) : null),
  email: (email) => (email ? h('a', { href: `mailto:${email}` }, email) : null),
};
const given = (booked) => isolate([booked.name, booked.email, booked.phone].filter(Boolean).join(' · '));

function bookingFacts({ booking, day, bookedOtherwise, clientNotes }) {
  return facts([
    ['When', `${longDate(day)}, ${timeOf(booking.startTime)}–${timeOf(booking.endTime)}`],
    ['Service', isolate(booking.serviceName)],
    ['With', isolate(booking.staffName)],
    ['Client', isolate(booking.client.name)],
    ['About the client', clientNotes ? h('span', { class: 'client-notes' }, isolate(clientNotes)) : null],
    ['Phone', contact.phone(booking.client.phone)],
    ['E-mail', contact.email(booking.client.email)],
    ['Given when booking', bookedOtherwise ? given(booking.bookedAs) : null],
    ['Price', money(booking.price, booking.currency)],
    ['Notes', booking.notes ? isolate(booking.notes) : null],
    ['Cancelled because', booking.cancelReason ? isolate(booking.cancelReason) : null],
    ['Booked', `${dateTime(booking.createdAt)} (${booking.source === 'admin' ? 'by the salon' : 'online'})`],
  ]);
}

/** Confirm while it waits for it; completed and no-show once it has started (before that, when they come). */
function actionButtons({ booking, live, started }, actions) {
  const buttons = [
    booking.status === 'pending' ? button('Confirm', actions.confirm, 'primary') : null,
    live && started ? button('Mark completed', actions.complete, booking.status === 'confirmed' ? 'primary' : null) : null,
    live && started ? button('Mark no-show', actions.noShow, 'danger') : null,
  ].filter(Boolean);
  return buttons.length ? h('div', { class: 'actions booking-actions' }, buttons) : null;
}

function notYet({ booking, day, live, started }) {
  if (!live || started) return null;
  return h(
    'p',
    { class: 'hint not-started' },
    `Mark completed and Mark no-show become available when the visit starts: ${longDate(day)} at ${timeOf(booking.startTime)}.`,
  );
}

export function bookingPage(state, actions, message) {
  const { booking, day, live, events } = state;
  return viewPage(
    {
      tag: 'section',
      class: 'booking',
      title: [clientLabel(booking), `, ${timeOf(booking.startTime)}`],
      beside: statusBadge(BOOKING_STATUS, booking.status),
    },
    h('p', null, h('a', { href: calendarAddress(day, false) }, `Back to ${longDate(day)}`)),
    message,
    booking.clientCheck ? clientCheckCard(booking, actions) : null,
    bookingFacts(state),
    actionButtons(state, actions),
    notYet(state),
    live ? [moveForm(state, actions), cancelForm(actions)] : null,
    paymentsSection(state, actions),
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'events-title' },
      h('h3', { id: 'events-title' }, 'What happened'),
      eventsList(events),
    ),
  );
}
