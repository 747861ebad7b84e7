// The services (#services): bookable ones first, then by name, a card each.

import { facts, h, isolate } from '../../dom.js';
import { t, tn } from '../../locale.js';
import { SERVICE_STATUS, statusBadge } from '../../ui/badge.js';
import { money } from '../../ui/money.js';
import { cardsOf, itemCard, viewPage } from '../../ui/pages.js';

/**
 * Whether the signed-in person changes the services (the owner, or the access code): the front
 * desk reads them, as it reads the staff (the server refuses it the writes: docs/security.md).
 */
export const mayChangeServices = (ctx) => ctx.me?.role !== 'front_desk' && ctx.me?.role !== 'stylist';

const minutes = (n) => tn(n, '{count} minute', '{count} minutes');

/** "45 minutes (plus 10 minutes to prepare and 5 minutes to clean up)" */
export function timeText({ durationMinutes, bufferBeforeMinutes: before, bufferAfterMinutes: after }) {
  const values = { duration: minutes(durationMinutes), before: before && minutes(before), after: after && minutes(after) };
  if (before && after) return t('{duration} (plus {before} to prepare and {after} to clean up)', values);
  if (before) return t('{duration} (plus {before} to prepare)', values);
  if (after) return t('{duration} (plus {after} to clean up)', values);
  return values.duration;
}

/** A service's facts: how long it takes, its price and its description. */
export const serviceFacts = (service) =>
  facts([
    [t('Takes'), timeText(service)],
    [t('Price'), money(service.price, service.currency)],
    [t('Description'), service.description ? isolate(service.description) : null],
  ]);

function serviceCard(service) {
  return itemCard(
    { class: `card service${service.active ? '' : ' inactive'}`, 'data-service-id': service.id },
    h('a', { href: `#services/${service.id}` }, isolate(service.name)),
    statusBadge(SERVICE_STATUS, service.active),
    serviceFacts(service),
  );
}

export async function renderServiceList(ctx) {
  const services = (await ctx.api.list('adminListServices')).sort(
    (a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name),
  );
  return viewPage(
    {
      class: 'services',
      title: t('Services'),
      beside: mayChangeServices(ctx) ? h('a', { class: 'button primary', href: '#services/new' }, t('Add a service')) : null,
      intro: t(
        'What clients can book, how long it takes and what it costs. A switched-off service stays in old bookings but cannot be booked.',
      ),
    },
    h('div', { class: 'message-area' }, ctx.flash),
    cardsOf(services, serviceCard, t('No services yet. Add the first one: its name, how long it takes and its price.')),
  );
}
