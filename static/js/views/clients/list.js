// Clients (#clients): a search by name, e-mail or phone, a page of the clients it finds, and the
// pages after it. The last search is kept, so coming back from a client shows the same list.

import { fill, h, isolate } from '../../dom.js';
import { t, tn } from '../../locale.js';
import { field, input } from '../../ui/fields.js';
import { messageArea, perform } from '../../ui/notice.js';
import { viewPage } from '../../ui/pages.js';
import { clientName } from './rights.js';

const PAGE_SIZE = 20;

let lastSearch = { text: '', page: 1 };

async function loadClients(api, text, page) {
  lastSearch = { text, page };
  const answer = await api.call('adminListClients', { query: { page, limit: PAGE_SIZE, search: text } });
  return { text, page, pages: Math.max(1, Math.ceil(answer.total / PAGE_SIZE)), total: answer.total, clients: answer.data };
}

function summary({ text, total }) {
  const search = isolate(text);
  if (text)
    return total === 0
      ? t('No client matches “{text}”.', { text: search })
      : tn(total, '{count} client matches “{text}”.', '{count} clients match “{text}”.', { text: search });
  return total === 0
    ? t('No clients yet. They are added with their first booking, or here.')
    : tn(total, '{count} client in all.', '{count} clients in all.');
}

const clientRow = (client) =>
  h(
    'li',
    { class: 'row-item', 'data-client-id': client.id },
    h('span', { class: 'what' }, h('a', { href: `#clients/${client.id}` }, isolate(clientName(client)))),
    h('span', { class: 'contact' }, [client.email, client.phone].filter(Boolean).join(' · ')),
  );

/** The page of clients found, and the way to the pages before and after it (`show(text, page)`). */
function results(found, show) {
  const { text, page, pages, clients } = found;
  const pageButton = (label, to) => h('button', { type: 'button', onclick: () => show(text, to) }, label);
  return [
    h('p', { class: 'summary' }, summary(found)),
    clients.length ? h('ul', { class: 'list-plain panel' }, clients.map(clientRow)) : null,
    pages > 1
      ? h(
          'nav',
          { class: 'pager', 'aria-label': t('Pages of clients') },
          page > 1 ? pageButton(t('Previous page'), page - 1) : h('span'),
          h('span', null, t('Page {page} of {pages}', { page, pages })),
          page < pages ? pageButton(t('Next page'), page + 1) : h('span'),
        )
      : null,
  ];
}

export async function renderClientList(ctx) {
  const search = input('client-search', { type: 'search', value: lastSearch.text, maxlength: 100, enterkeyhint: 'search' });
  const list = h('div', { class: 'client-results', 'aria-live': 'polite' });
  const messages = messageArea(null, ctx.flash);
  const submit = h('button', { type: 'submit', class: 'primary' }, t('Search'));
  const show = (text, page) =>
    perform(submit, t('Searching…'), messages, async () => {
      fill(list, results(await loadClients(ctx.api, text, page), show));
      messages.replaceChildren();
    });
  const form = h(
    'form',
    { class: 'search-row', role: 'search', novalidate: true },
    field(t('Search by name, e-mail or phone'), search),
    submit,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    show(search.value.trim(), 1);
  });
  fill(list, results(await loadClients(ctx.api, lastSearch.text, lastSearch.page), show));
  return viewPage(
    { class: 'clients', title: t('Clients'), beside: h('a', { class: 'button primary', href: '#clients/new' }, t('Add a client')) },
    messages,
    form,
    list,
  );
}
