// One client (#clients/ID): their contact details to change, their e-mail address's troubles,
// their visits, and their data (to download, print or erase).

import { h, isolate } from '../../dom.js';
import { messageArea } from '../../ui/notice.js';
import { itemPage } from '../../ui/pages.js';
import { saveClient } from './actions.js';
import { emailSection } from './email.js';
import { clientFields } from './fields.js';
import { rightsSection } from './rights.js';
import { visitsSection } from './visits.js';

/** The client as last saved, and the heading that shows it. */
function clientState(first) {
  let client = first;
  const title = h('h2', null, isolate(client.name));
  const saved = (answer) => {
    client = answer;
    title.replaceChildren(isolate(client.name));
    return client;
  };
  return { client: () => client, saved, head: h('div', { class: 'view-head' }, title) };
}

function contactForm(ctx, state) {
  const fields = clientFields(state.client());
  const messages = messageArea(null, ctx.flash);
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Save contact details');
  const form = h(
    'form',
    { class: 'panel edit-form', id: 'client-details', novalidate: true, 'aria-labelledby': 'client-details-heading' },
    h('h3', { id: 'client-details-heading' }, 'Contact details'),
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

export async function renderClient(ctx, id) {
  const state = clientState(await ctx.api.call('adminGetClient', { id }));
  return itemPage(
    { class: 'client-edit', 'data-client-id': id },
    ['#clients', '← All clients'],
    state.head,
    contactForm(ctx, state),
    emailSection(ctx, state.client()),
    await visitsSection(ctx.api, id),
    rightsSection(ctx, state.client),
  );
}
