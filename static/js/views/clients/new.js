// A new client (#clients/new).

import { h } from '../../dom.js';
import { t } from '../../locale.js';
import { messageArea } from '../../ui/notice.js';
import { itemPage } from '../../ui/pages.js';
import { addClient } from './actions.js';
import { clientFields } from './fields.js';

export function renderNewClient(ctx) {
  const fields = clientFields(undefined);
  const messages = messageArea();
  const submit = h('button', { type: 'submit', class: 'primary' }, t('Add client'));
  const form = h('form', { class: 'panel edit-form', novalidate: true }, fields.element, messages, h('div', { class: 'actions' }, submit));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    addClient(ctx, submit, messages, fields.read());
  });
  return itemPage({ class: 'client-edit' }, ['#clients', t('← All clients')], h('h2', null, t('New client')), form);
}
