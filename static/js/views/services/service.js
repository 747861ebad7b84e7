// One service (#services/ID): change it, switch it off or on, or delete it.

import { button, confirmAction, h, isolate } from '../../dom.js';
import { t } from '../../locale.js';
import { SERVICE_STATUS, statusBadge } from '../../ui/badge.js';
import { messageArea, notice } from '../../ui/notice.js';
import { itemPage } from '../../ui/pages.js';
import { activeSwitch } from '../../ui/switch.js';
import { serviceActions } from './actions.js';
import { serviceForm } from './form.js';
import { mayChangeServices, serviceFacts } from './list.js';

/** The service as last saved, and what shows it: heading, badge, the form's box and the switch (`shows`). */
function serviceState(first) {
  let service = first;
  const title = h('h2', null, isolate(service.name));
  const badge = h('span', null, statusBadge(SERVICE_STATUS, service.active));
  const shows = [];
  const saved = (answer) => {
    service = answer;
    title.replaceChildren(isolate(service.name));
    badge.replaceChildren(statusBadge(SERVICE_STATUS, service.active));
    for (const show of shows) show(service);
    return service;
  };
  return { service: () => service, saved, shows, head: h('div', { class: 'view-head' }, title, badge) };
}

const ASK_DELETE = (service) => ({
  title: t('Delete “{name}”?', { name: isolate(service.name) }),
  text: t(
    'It disappears from the list and can no longer be booked; bookings already made keep its name and price. This cannot be undone: to stop bookings for a while, switch it off instead.',
  ),
  confirmLabel: t('Delete service'),
  danger: true,
});

/** What the front desk sees of a service: the same facts, none of the owner's forms. */
function readOnlyService(state) {
  const service = state.service();
  return itemPage(
    { class: 'service-edit', 'data-service-id': service.id },
    ['#services', t('← All services')],
    state.head,
    h(
      'section',
      { class: 'panel service-facts', 'aria-label': t('Details') },
      notice('note', t('Only the salon’s owner changes, switches off and deletes services.')),
      serviceFacts(service),
    ),
  );
}

export async function renderService(ctx, id) {
  const state = serviceState(await ctx.api.call('adminGetService', { id }));
  // The front desk reads what the owner changes (the server refuses it the writes).
  if (!mayChangeServices(ctx)) return readOnlyService(state);
  const service = state.service();
  const messages = messageArea();
  const actions = serviceActions(ctx, state, messages);
  const { form, submit, activeBox, read } = serviceForm(service, service.currency, messages);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    actions.save(submit, read());
  });
  const toggle = activeSwitch({
    active: service.active,
    labels: [t('Switch off'), t('Switch on')],
    busyLabel: (turningOff) => (turningOff ? t('Switching off…') : t('Switching on…')),
    ask: () => ({
      title: t('Switch off “{name}”?', { name: isolate(state.service().name) }),
      text: t('Clients can no longer book it. Bookings already made stay as they are. You can switch it on again later.'),
      confirmLabel: t('Switch off'),
    }),
    save: actions.setActive,
    messages,
  });
  state.shows.push((now) => {
    toggle.set(now.active);
    activeBox.checked = now.active;
  });
  const remove = button(
    t('Delete'),
    async (element) => {
      if (await confirmAction(ASK_DELETE(state.service()))) await actions.remove(element);
    },
    'danger',
  );
  return itemPage(
    { class: 'service-edit', 'data-service-id': service.id },
    ['#services', t('← All services')],
    state.head,
    form,
    h(
      'section',
      { class: 'panel danger-zone', 'aria-label': t('Switch off or delete') },
      h('div', { class: 'actions' }, toggle.element, remove),
    ),
  );
}
