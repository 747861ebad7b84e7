// A client's visits: load the latest of their bookings, newest first, count them by status, and
// list them, each linking to its booking.

import { h, isolate } from '../../dom.js';
import { pageLocale, t, tn } from '../../locale.js';
import { salonDateTime } from '../../salon-time.js';
import { BOOKING_STATUS, statusBadge, statusWords } from '../../ui/badge.js';
import { money } from '../../ui/money.js';

const HISTORY_SIZE = 100;

async function loadVisits(api, clientId) {
  const answer = await api.latest('adminListBookings', { query: { clientId } }, HISTORY_SIZE);
  return { total: answer.total, bookings: [...answer.data].sort((a, b) => Date.parse(b.startTime) - Date.parse(a.startTime)) };
}

/** "3 bookings (2 completed, 1 cancelled); the latest 100 are shown." */
function countText({ total, bookings }) {
  const byStatus = new Map();
  for (const b of bookings) byStatus.set(b.status, (byStatus.get(b.status) ?? 0) + 1);
  const counts = [...byStatus]
    .map(([status, n]) =>
      t('{count} {status}', { count: n.toLocaleString(pageLocale()), status: t(statusWords(BOOKING_STATUS, status)[0]).toLowerCase() }),
    )
    .join(', ');
  const shown = bookings.length.toLocaleString(pageLocale());
  if (total > bookings.length)
    return tn(
      total,
      '{count} booking ({counts}); the latest {shown} are shown.',
      '{count} bookings ({counts}); the latest {shown} are shown.',
      {
        counts,
        shown,
      },
    );
  return counts
    ? tn(total, '{count} booking ({counts}).', '{count} bookings ({counts}).', { counts })
    : tn(total, '{count} booking.', '{count} bookings.');
}

function visitRow(b) {
  return h(
    'li',
    { class: 'row-item', 'data-booking-id': b.id },
    h(
      'span',
      { class: 'what' },
      h('a', { href: `#bookings/${b.id}` }, salonDateTime(b.startTime)),
      ' · ',
      t('{service} with {staff}', { service: isolate(b.serviceName), staff: isolate(b.staffName) }),
      ` · ${money(b.price, b.currency)}`,
      // Put here by this client's e-mail address or phone, under another name: maybe someone else.
      b.clientCheck
        ? h(
            'span',
            { class: 'hint' },
            ' · ',
            t('booked as “{name}”: same person? Open the booking to say.', { name: isolate(b.bookedAs.name) }),
          )
        : null,
    ),
    statusBadge(BOOKING_STATUS, b.status),
  );
}

export async function visitsSection(api, clientId) {
  const visits = await loadVisits(api, clientId);
  return h(
    'section',
    { class: 'panel visits', 'aria-labelledby': 'visits-heading' },
    h('h3', { id: 'visits-heading' }, t('Visits')),
    visits.total === 0 ? h('p', { class: 'empty' }, t('No bookings yet.')) : h('p', { class: 'hint' }, countText(visits)),
    visits.bookings.length === 0 ? null : h('ul', { class: 'list-plain' }, visits.bookings.map(visitRow)),
  );
}
