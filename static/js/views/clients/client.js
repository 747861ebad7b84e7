// One client (#clients/ID): their contact details to change, their e-mail address's troubles,
// their visits, and their data (to download, print or erase). An erased client has nothing left to
// change: the page says when they were erased instead of offering the form.

import { h, isolate } from '../../dom.js';
import { t } from '../../locale.js';
import { messageArea } from '../../ui/notice.js';
import { salonDateTime, wallClockOf } from '../../salon-time.js';
import { itemPage } from '../../ui/pages.js';
import { saveClient } from './actions.js';
import { emailSection } from './email.js';
import { clientFields } from './fields.js';
import { clientName, isErased, rightsSection } from './rights.js';
import { visitsSection } from './visits.js';

/** The client as last saved, and the heading that shows it. */
function clientState(first) {
  let client = first;
  const title = h('h2', null, isolate(clientName(client)));
  const saved = (answer) => {
    client = answer;
    title.replaceChildren(isolate(clientName(client)));
    return client;
  };
  return { client: () => client, saved, head: h('div', { class: 'view-head' }, title) };
}

function contactForm(ctx, state) {
  const fields = clientFields(state.client());
  const messages = messageArea(null, ctx.flash);
  const submit = h('button', { type: 'submit', class: 'primary' }, t('Save contact details'));
  const form = h(
    'form',
    { class: 'panel edit-form', id: 'client-details', novalidate: true, 'aria-labelledby': 'client-details-heading' },
    h('h3', { id: 'client-details-heading' }, t('Contact details')),
    fields.element,
    messages,
    h('div', { class: 'actions' }, submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    saveClient(ctx, submit, messages, state, fields.read());
  });
  return form;
}

/** When the client was erased, as the audit trail has it; null once its entry has expired. */
async function erasedAt(api, id) {
  const query = { targetKind: 'client', targetId: id, action: 'client.erased', limit: 1 };
  return (await api.call('adminListAuditEntries', { query })).data[0]?.at ?? null;
}

/** In place of the contact form: the client was erased (when, if the trail still says), and nothing is left to edit. */
function erasedPanel(ctx, at) {
  return h(
    'section',
    { class: 'panel client-erased', id: 'client-details', 'aria-labelledby': 'client-details-heading' },
    h('h3', { id: 'client-details-heading' }, t('Contact details')),
    h(
      'p',
      null,
      at
        ? t(
            'This client was erased on {when}: their name, e-mail address, phone number and notes are gone, and there is nothing left to change.',
            {
              when: salonDateTime(wallClockOf(ctx.business.timezone, Date.parse(at))),
            },
          )
        : t('This client was erased: their name, e-mail address, phone number and notes are gone, and there is nothing left to change.'),
    ),
    h('p', { class: 'hint' }, t('Their visits stay below as the salon’s records.')),
    messageArea(null, ctx.flash),
  );
}

export async function renderClient(ctx, id) {
  const state = clientState(await ctx.api.call('adminGetClient', { id }));
  const erased = isErased(state.client());
  return itemPage(
    { class: 'client-edit', 'data-client-id': id },
    ['#clients', t('← All clients')],
    state.head,
    erased ? erasedPanel(ctx, await erasedAt(ctx.api, id)) : contactForm(ctx, state),
    emailSection(ctx, state.client()),
    await visitsSection(ctx.api, id),
    rightsSection(ctx, state.client),
  );
}
