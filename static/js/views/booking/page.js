// Render: a booking's page from its state: what, when, who; the actions it allows now; the forms
// that change it; its payments; and what happened to it, with where each event was sent.

import { button, facts, h, isolate } from '../../dom.js';
import { dateTime } from '../../format.js';
import { t } from '../../locale.js';
import { longDate, timeOf } from '../../salon-time.js';
import { BOOKING_STATUS, statusBadge } from '../../ui/badge.js';
import { contact } from '../../ui/contact.js';
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
    notice('error', t('There is no such booking. Open one from the calendar.')),
    h('a', { href: '#calendar' }, t('Open the calendar')),
  );
}

const given = (booked) => isolate([booked.name, booked.email, booked.phone].filter(Boolean).join(' · '));

function bookingFacts({ booking, day, bookedOtherwise, clientNotes }) {
  return facts([
    [t('When'), `${longDate(day)}, ${timeOf(booking.startTime)}–${timeOf(booking.endTime)}`],
    [t('Service'), isolate(booking.serviceName)],
    [t('With'), isolate(booking.staffName)],
    [t('Client'), isolate(booking.client.name)],
    [t('About the client'), clientNotes ? h('span', { class: 'client-notes' }, isolate(clientNotes)) : null],
    [t('Phone'), contact.phone(booking.client.phone)],
    [t('E-mail'), contact.email(booking.client.email)],
    [t('Given when booking'), bookedOtherwise ? given(booking.bookedAs) : null],
    [t('Price'), money(booking.price, booking.currency)],
    [t('Notes'), booking.notes ? isolate(booking.notes) : null],
    [t('Cancelled because'), booking.cancelReason ? isolate(booking.cancelReason) : null],
    [
      t('Booked'),
      booking.source === 'admin'
        ? t('{when} (by the salon)', { when: dateTime(booking.createdAt) })
        : t('{when} (online)', { when: dateTime(booking.createdAt) }),
    ],
  ]);
}

/** Confirm while it waits for it; completed and no-show once it has started (before that, when they come). */
function actionButtons({ booking, live, started, stylist }, actions) {
  const buttons = [
    booking.status === 'pending' && !stylist ? button(t('Confirm'), actions.confirm, 'primary') : null,
    live && started ? button(t('Mark completed'), actions.complete, booking.status === 'confirmed' ? 'primary' : null) : null,
    live && started ? button(t('Mark no-show'), actions.noShow, 'danger') : null,
  ].filter(Boolean);
  return buttons.length ? h('div', { class: 'actions booking-actions' }, buttons) : null;
}

function notYet({ booking, day, live, started }) {
  if (!live || started) return null;
  return h(
    'p',
    { class: 'hint not-started' },
    t('Mark completed and Mark no-show become available when the visit starts: {date} at {time}.', {
      date: longDate(day),
      time: timeOf(booking.startTime),
    }),
  );
}

export function bookingPage(state, actions, message) {
  const { booking, day, live, events, stylist, owner } = state;
  return viewPage(
    {
      tag: 'section',
      class: 'booking',
      title: [clientLabel(booking), `, ${timeOf(booking.startTime)}`],
      beside: statusBadge(BOOKING_STATUS, booking.status),
    },
    h('p', null, h('a', { href: calendarAddress(day, false) }, t('Back to {date}', { date: longDate(day) }))),
    message,
    booking.clientCheck && !stylist ? clientCheckCard(booking, actions) : null,
    bookingFacts(state),
    actionButtons(state, actions),
    notYet(state),
    // A stylist completes their visits and marks no-shows; moving, cancelling and payments are the desk's.
    live && !stylist ? [moveForm(state, actions), cancelForm(actions)] : null,
    stylist ? null : paymentsSection(state, actions),
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'events-title' },
      h('h3', { id: 'events-title' }, t('What happened')),
      eventsList(events, { owner }),
    ),
  );
}
