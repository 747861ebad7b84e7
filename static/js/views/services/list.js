// The services (#services): bookable ones first, then by name, a card each.

import { facts, h, isolate } from '../../dom.js';
import { plural } from '../../format.js';
import { SERVICE_STATUS, statusBadge } from '../../ui/badge.js';
import { money } from '../../ui/money.js';
import { cardsOf, itemCard, viewPage } from '../../ui/pages.js';

const minutes = (n) => plural(n, 'minute', 'minutes');

/** "45 minutes (plus 10 minutes to prepare and 5 minutes to clean up)" */
export function timeText(service) {
  const buffers = [
    service.bufferBeforeMinutes ? `${minutes(service.bufferBeforeMinutes)} to prepare` : null,
    service.bufferAfterMinutes ? `${minutes(service.bufferAfterMinutes)} to clean up` : null,
  ].filter(Boolean);
  return buffers.length ? `${minutes(service.durationMinutes)} (plus ${buffers.join(' and ')})` : minutes(service.durationMinutes);
}

function serviceCard(service) {
  return itemCard(
    { class: `card service${service.active ? '' : ' inactive'}`, 'data-service-id': service.id },
    h('a', { href: `#services/${service.id}` }, isolate(service.name)),
    statusBadge(SERVICE_STATUS, service.active),
    facts([
      ['Takes', timeText(service)],
      ['Price', money(service.price, service.currency)],
      ['Description', service.description ? isolate(service.description) : null],
    ]),
  );
}

export async function renderServiceList(ctx) {
  const services = (await ctx.api.list('adminListServices')).sort(
    (a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name),
  );
  return viewPage(
    {
      class: 'services',
      title: 'Services',
      beside: h('a', { class: 'button primary', href: '#services/new' }, 'Add a service'),
      intro:
        'What clients can book, how long it takes and what it costs. A switched-off service stays in old bookings but cannot be booked.',
    },
    h('div', { class: 'message-area' }, ctx.flash),
    cardsOf(services, serviceCard, 'No services yet. Add the first one: its name, how long it takes and its price.'),
  );
}
