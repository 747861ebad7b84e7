// Clients: search (#clients), a new client (#clients/new) and one client's contact details and
// visits (#clients/ID), each visit linking to its booking (#bookings/ID).

import { api, businessPath } from './api.js';
import { busy, errorNotice, h, isolate, quoted } from './dom.js';
import { plural } from './format.js';
import { field, flashNext, input, money, salonDateTime, say, showProblems, takeFlash, textOrNull } from './forms.js';

const PAGE_SIZE = 20;
const HISTORY_SIZE = 100;

/** A booking's status in words, with a badge tone. */
export const BOOKING_STATUS = {
  pending: ['Waiting for confirmation', 'warn'],
  confirmed: ['Confirmed', 'good'],
  completed: ['Completed', 'neutral'],
  cancelled: ['Cancelled', 'bad'],
  no_show: ['Did not come', 'bad'],
};

export function bookingStatusBadge(status) {
  const [label, tone] = BOOKING_STATUS[status] ?? [status, 'neutral'];
  return h('span', { class: `badge ${tone}` }, label);
}

/** The last search, so coming back from a client shows the same list. */
let lastSearch = { text: '', page: 1 };

async function renderList(ctx) {
  const base = `${businessPath(ctx.business)}/clients`;
  const search = input('client-search', { type: 'search', value: lastSearch.text, maxlength: 100, enterkeyhint: 'search' });
  const results = h('div', { class: 'client-results', 'aria-live': 'polite' });
  const messages = h('div', { class: 'message-area' }, takeFlash());
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Search');

  const load = async (text, page) => {
    lastSearch = { text, page };
    const query = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
    if (text) query.set('search', text);
    const answer = await api(`${base}?${query}`);
    const pages = Math.max(1, Math.ceil(answer.total / PAGE_SIZE));
    const summary = text
      ? answer.total === 0
        ? ['No client matches ', quoted(text), '.']
        : [`${plural(answer.total, 'client matches', 'clients match')} `, quoted(text), '.']
      : answer.total === 0
        ? 'No clients yet. They are added with their first booking, or here.'
        : `${plural(answer.total, 'client', 'clients')} in all.`;
    const pageButton = (label, to) => h('button', { type: 'button', onclick: () => show(text, to) }, label);
    results.replaceChildren(
      h('p', { class: 'summary' }, summary),
      answer.data.length
        ? h(
            'ul',
            { class: 'list-plain panel' },
            answer.data.map((client) =>
              h(
                'li',
                { class: 'row-item', 'data-client-id': client.id },
                h('span', { class: 'what' }, h('a', { href: `#clients/${client.id}` }, isolate(client.name))),
                h('span', { class: 'contact' }, [client.email, client.phone].filter(Boolean).join(' · ')),
              ),
            ),
          )
        : null,
      pages > 1
        ? h(
            'nav',
            { class: 'pager', 'aria-label': 'Pages of clients' },
            page > 1 ? pageButton('Previous page', page - 1) : h('span'),
            h('span', null, `Page ${page} of ${pages}`),
            page < pages ? pageButton('Next page', page + 1) : h('span'),
          )
        : null,
    );
  };
  const show = (text, page) =>
    busy(submit, 'Searching…', async () => {
      try {
        await load(text, page);
        messages.replaceChildren();
      } catch (error) {
        messages.replaceChildren(errorNotice(error));
      }
    });

  const form = h(
    'form',
    { class: 'search-row', role: 'search', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'client-search' }, 'Search by name, e-mail or phone'), search),
    submit,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    show(search.value.trim(), 1);
  });
  await load(lastSearch.text, lastSearch.page);

  return h(
    'div',
    { class: 'clients' },
    h('div', { class: 'view-head' }, h('h2', null, 'Clients'), h('a', { class: 'button primary', href: '#clients/new' }, 'Add a client')),
    messages,
    form,
    results,
  );
}

/** Name, e-mail, phone and notes; `read()` gives the body to send. */
function clientFields(client) {
  const name = input('client-name', { value: client?.name ?? '', required: true, maxlength: 200 });
  const email = input('client-email', { type: 'email', value: client?.email ?? '', maxlength: 254 });
  const phone = input('client-phone', { type: 'tel', value: client?.phone ?? '', maxlength: 50 });
  const notes = h('textarea', { id: 'client-notes', name: 'notes', rows: 3, maxlength: 2000, value: client?.notes ?? '' });
  const element = h(
    'div',
    { class: 'edit-fields' },
    field('Name', name),
    h('div', { class: 'field-row' }, field('E-mail (optional)', email), field('Phone (optional)', phone)),
    field('Notes (optional)', notes, 'For the salon only: allergies, preferences. Clients and connected programs do not see them.'),
  );
  const read = () => ({ name: name.value.trim(), email: textOrNull(email), phone: textOrNull(phone), notes: notes.value.trim() });
  return { element, read };
}

async function renderNew(ctx) {
  const fields = clientFields(undefined);
  const messages = h('div', { class: 'message-area' });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Add client');
  const form = h('form', { class: 'panel edit-form', novalidate: true }, fields.element, messages, h('div', { class: 'actions' }, submit));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const body = fields.read();
    if (showProblems(messages, body.name ? [] : ['Give the client’s name.'])) return;
    for (const key of ['email', 'phone']) if (body[key] === null) delete body[key];
    busy(submit, 'Adding…', async () => {
      try {
        const made = await api(`${businessPath(ctx.business)}/clients`, { method: 'POST', body });
        flashNext('good', ['Added ', isolate(made.name), '.']);
        location.hash = `#clients/${made.id}`;
      } catch (error) {
        messages.replaceChildren(errorNotice(error));
      }
    });
  });
  return h(
    'div',
    { class: 'client-edit' },
    h('p', { class: 'back' }, h('a', { href: '#clients' }, '← All clients')),
    h('h2', null, 'New client'),
    form,
  );
}

/** The client's bookings, newest first: the latest HISTORY_SIZE of them. */
async function visits(ctx, clientId) {
  const base = `${businessPath(ctx.business)}/bookings`;
  const query = (page) => `${base}?clientId=${clientId}&limit=${HISTORY_SIZE}&page=${page}`;
  let answer = await api(query(1));
  if (answer.total > HISTORY_SIZE) answer = await api(query(Math.ceil(answer.total / HISTORY_SIZE)));
  const bookings = [...answer.data].sort((a, b) => Date.parse(b.startTime) - Date.parse(a.startTime));
  const byStatus = new Map();
  for (const b of bookings) byStatus.set(b.status, (byStatus.get(b.status) ?? 0) + 1);
  const counts = [...byStatus].map(([status, n]) => `${n} ${(BOOKING_STATUS[status]?.[0] ?? status).toLowerCase()}`);
  return h(
    'section',
    { class: 'panel visits', 'aria-labelledby': 'visits-heading' },
    h('h3', { id: 'visits-heading' }, 'Visits'),
    answer.total === 0
      ? h('p', { class: 'empty' }, 'No bookings yet.')
      : h(
          'p',
          { class: 'hint' },
          `${plural(answer.total, 'booking', 'bookings')}${counts.length ? ` (${counts.join(', ')})` : ''}${answer.total > bookings.length ? `; the latest ${bookings.length} are shown` : ''}.`,
        ),
    bookings.length === 0
      ? null
      : h(
          'ul',
          { class: 'list-plain' },
          bookings.map((b) =>
            h(
              'li',
              { class: 'row-item', 'data-booking-id': b.id },
              h(
                'span',
                { class: 'what' },
                h('a', { href: `#bookings/${b.id}` }, salonDateTime(b.startTime)),
                ' · ',
                isolate(b.serviceName),
                ' with ',
                isolate(b.staffName),
                ` · ${money(b.price, b.currency)}`,
                // Put here by this client's e-mail address or phone, under another name: maybe someone else.
                b.clientCheck
                  ? h('span', { class: 'hint' }, ' · booked as ', quoted(b.bookedAs.name), ': same person? Open the booking to say.')
                  : null,
              ),
              bookingStatusBadge(b.status),
            ),
          ),
        ),
  );
}

async function renderOne(ctx, id) {
  const url = `${businessPath(ctx.business)}/clients/${id}`;
  let client = await api(url);
  const title = h('h2', null, isolate(client.name));
  const fields = clientFields(client);
  const messages = h('div', { class: 'message-area' }, takeFlash());
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
    const body = fields.read();
    if (showProblems(messages, body.name ? [] : ['Give the client’s name.'])) return;
    const changed = Object.fromEntries(
      Object.entries(body).filter(([key, value]) => value !== (client[key] ?? (key === 'notes' ? '' : null))),
    );
    if (Object.keys(changed).length === 0) {
      say(messages, 'good', 'Nothing to save: no field was changed.');
      return;
    }
    busy(submit, 'Saving…', async () => {
      try {
        client = await api(url, { method: 'PATCH', body: changed });
        title.replaceChildren(isolate(client.name));
        say(messages, 'good', ['Saved ', isolate(client.name), '’s contact details. Connected programs are told about the change.']);
      } catch (error) {
        messages.replaceChildren(errorNotice(error));
      }
    });
  });
  return h(
    'div',
    { class: 'client-edit', 'data-client-id': client.id },
    h('p', { class: 'back' }, h('a', { href: '#clients' }, '← All clients')),
    h('div', { class: 'view-head' }, title),
    form,
    await visits(ctx, client.id),
  );
}

/** #clients, #clients/new, #clients/ID */
export function renderClients(ctx, id) {
  if (id === 'new') return renderNew(ctx);
  if (/^\d+$/.test(id ?? '')) return renderOne(ctx, Number(id));
  return renderList(ctx);
}
