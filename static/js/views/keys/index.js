// API keys (#keys): the list, revoke, a new value, and the one moment a key's value is shown;
// and the form that creates one. load → render, with the actions of its buttons and form.

import { button, h } from '../../dom.js';
import { t } from '../../locale.js';
import { messageArea } from '../../ui/notice.js';
import { keysActions } from './actions.js';
import { keyCard, newKeyPanel } from './cards.js';
import { keyForm } from './form.js';
import { viewPage } from '../../ui/pages.js';

/** The form is below the list, which can be long: bring it into view, ready to type. */
function startNewKey(form) {
  form.scrollIntoView({ block: 'start', behavior: 'smooth' });
  form.querySelector('#key-name').focus({ preventScroll: true });
}

export async function renderKeys(ctx) {
  const catalog = await ctx.api.call('adminListScopes');
  const newKey = messageArea({ id: 'new-key-area' });
  const list = h('div', { class: 'cards' });
  const page = {
    flash: messageArea(),
    showOnce(key, heading) {
      newKey.replaceChildren(newKeyPanel(key, heading, () => newKey.replaceChildren()));
      newKey.scrollIntoView({ block: 'start' });
      newKey.querySelector('button')?.focus();
    },
    async showList() {
      const keys = await ctx.api.list('adminListKeys');
      list.replaceChildren(
        ...(keys.length === 0
          ? [h('p', { class: 'empty' }, t('No keys yet. Create one below for each program that should use your booking data.'))]
          : keys.map((key) => keyCard(key, catalog, actions))),
      );
    },
  };
  const actions = keysActions(ctx, page);
  await page.showList();
  const form = keyForm(catalog, (submit, messages, key) => actions.create(submit, messages, key, () => form.reset()));
  return viewPage(
    {
      class: 'keys',
      title: t('API keys'),
      beside: button(t('Create a new key'), () => startNewKey(form.form), 'quiet'),
      intro: [
        t('A key lets another program, such as the booking form on your website or a CRM, use your booking data.'),
        ' ',
        t('Give each program its own key: then you can switch one off without touching the others.'),
      ],
    },
    newKey,
    page.flash,
    list,
    form.form,
  );
}
