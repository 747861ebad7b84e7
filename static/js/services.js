// Services: the list (#services), a new one (#services/new) and one service to change, switch off
// or delete (#services/ID). Prices are in the salon's currency, typed as "35.00".

import { api, businessPath } from './api.js';
import { busy, confirmAction, errorNotice, facts, h, isolate, quoted } from './dom.js';
import { plural } from './format.js';
import { checkbox, field, flashNext, input, money, moneyInput, parseMoney, say, showProblems, takeFlash, wholeNumber } from './forms.js';

const minutes = (n) => plural(n, 'minute', 'minutes');

/** "45 minutes, 10 minutes before, 5 after" */
function timeText(service) {
  const buffers = [
    service.bufferBeforeMinutes ? `${minutes(service.bufferBeforeMinutes)} to prepare` : null,
    service.bufferAfterMinutes ? `${minutes(service.bufferAfterMinutes)} to clean up` : null,
  ].filter(Boolean);
  return buffers.length ? `${minutes(service.durationMinutes)} (plus ${buffers.join(' and ')})` : minutes(service.durationMinutes);
}

function activeBadge(service) {
  return service.active ? h('span', { class: 'badge good' }, 'Bookable') : h('span', { class: 'badge neutral' }, 'Switched off');
}

function serviceCard(service) {
  return h(
    'article',
    { class: `card service${service.active ? '' : ' inactive'}`, 'data-service-id': service.id },
    h('header', null, h('h3', null, h('a', { href: `#services/${service.id}` }, isolate(service.name))), activeBadge(service)),
    facts([
      ['Takes', timeText(service)],
      ['Price', money(service.price, service.currency)],
      ['Description', service.description ? isolate(service.description) : null],
    ]),
  );
}

async function renderList(ctx) {
  const services = (await api(`${businessPath(ctx.business)}/services`)).data;
  const sorted = [...services].sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name));
  return h(
    'div',
    { class: 'services' },
    h(
      'div',
      { class: 'view-head' },
      h('h2', null, 'Services'),
      h('a', { class: 'button primary', href: '#services/new' }, 'Add a service'),
    ),
    h(
      'p',
      { class: 'intro' },
      'What clients can book, how long it takes and what it costs. A switched-off service stays in old bookings but cannot be booked.',
    ),
    h('div', { class: 'message-area' }, takeFlash()),
    sorted.length === 0
      ? h('p', { class: 'empty' }, 'No services yet. Add the first one: its name, how long it takes and its price.')
      : h('div', { class: 'cards' }, sorted.map(serviceCard)),
  );
}

/** The form for a new service (`service` undefined) or an existing one. */
function serviceForm(ctx, service, messages) {
  const currency = service?.currency ?? ctx.business.currency;
  const name = input('service-name', { value: service?.name ?? '', required: true, maxlength: 200 });
  const description = h('textarea', {
    id: 'service-description',
    name: 'description',
    rows: 2,
    maxlength: 2000,
    value: service?.description ?? '',
  });
  const number = (id, value, min, max) => input(id, { type: 'number', inputmode: 'numeric', min, max, step: 1, value: String(value) });
  const duration = number('service-duration', service?.durationMinutes ?? 30, 5, 720);
  const price = input('service-price', {
    inputmode: 'decimal',
    value: service ? moneyInput(service.price, currency) : '',
    placeholder: moneyInput(0, currency),
  });
  const before = number('service-buffer-before', service?.bufferBeforeMinutes ?? 0, 0, 240);
  const after = number('service-buffer-after', service?.bufferAfterMinutes ?? 0, 0, 240);
  const active = checkbox('service-active', 'Clients can book it', service?.active ?? true);
  const submit = h('button', { type: 'submit', class: 'primary' }, service ? 'Save changes' : 'Add service');

  const form = h(
    'form',
    { class: 'panel edit-form', novalidate: true },
    field('Name', name),
    field('Description (optional)', description, 'Shown to clients where the website lists the services.'),
    h('div', { class: 'field-row' }, field('Duration in minutes', duration), field(`Price in ${currency}`, price)),
    h(
      'div',
      { class: 'field-row' },
      field('Minutes to prepare before', before, 'The staff member’s time only, not the client’s.'),
      field('Minutes to clean up after', after, 'Nobody can be booked with them then.'),
    ),
    active,
    messages,
    h('div', { class: 'actions' }, submit),
  );

  /** The body to send, or undefined after showing what is wrong. */
  const read = () => {
    const problems = [];
    const body = { name: name.value.trim(), description: description.value.trim() };
    if (!body.name) problems.push('Give the service a name.');
    for (const [control, key, what, min, max] of [
      [duration, 'durationMinutes', 'The duration', 5, 720],
      [before, 'bufferBeforeMinutes', 'The minutes to prepare', 0, 240],
      [after, 'bufferAfterMinutes', 'The minutes to clean up', 0, 240],
    ]) {
      const n = wholeNumber(control, what, min, max);
      if (n.problem) problems.push(`${n.problem}`);
      else body[key] = n.value;
    }
    body.price = parseMoney(price.value, currency);
    if (body.price === undefined) problems.push(`The price must be an amount such as ${moneyInput(3500, currency)}.`);
    body.active = form.elements['service-active'].checked;
    return showProblems(messages, problems) ? undefined : body;
  };
  return { form, submit, read };
}

async function renderNew(ctx) {
  const messages = h('div', { class: 'message-area' });
  const { form, submit, read } = serviceForm(ctx, undefined, messages);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const body = read();
    if (!body) return;
    if (!body.description) delete body.description;
    busy(submit, 'Adding…', async () => {
      try {
        const made = await api(`${businessPath(ctx.business)}/services`, { method: 'POST', body });
        flashNext('good', ['Added ', quoted(made.name), `: ${timeText(made)}, ${money(made.price, made.currency)}.`]);
        location.hash = '#services';
      } catch (error) {
        messages.replaceChildren(errorNotice(error));
      }
    });
  });
  return h(
    'div',
    { class: 'service-edit' },
    h('p', { class: 'back' }, h('a', { href: '#services' }, '← All services')),
    h('h2', null, 'New service'),
    form,
  );
}

async function renderOne(ctx, id) {
  const url = `${businessPath(ctx.business)}/services/${id}`;
  let service = await api(url);
  const messages = h('div', { class: 'message-area' });
  const { form, submit, read } = serviceForm(ctx, service, messages);
  const title = h('h2', null, isolate(service.name));
  const badge = h('span', null, activeBadge(service));
  const shown = () => {
    title.replaceChildren(isolate(service.name));
    badge.replaceChildren(activeBadge(service));
    toggle.textContent = service.active ? 'Switch off' : 'Switch on';
    form.elements['service-active'].checked = service.active;
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const body = read();
    if (!body) return;
    const changed = Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== (service[key] ?? '')));
    if (Object.keys(changed).length === 0) {
      say(messages, 'good', 'Nothing to save: no field was changed.');
      return;
    }
    busy(submit, 'Saving…', async () => {
      try {
        service = await api(url, { method: 'PATCH', body: changed });
        shown();
        say(messages, 'good', ['Saved ', quoted(service.name), '. Connected programs are told about the change.']);
      } catch (error) {
        messages.replaceChildren(errorNotice(error));
      }
    });
  });

  const toggle = h('button', { type: 'button' }, service.active ? 'Switch off' : 'Switch on');
  toggle.addEventListener('click', async () => {
    const turningOff = service.active;
    if (
      turningOff &&
      !(await confirmAction({
        title: ['Switch off ', quoted(service.name), '?'],
        text: 'Clients can no longer book it. Bookings already made stay as they are. You can switch it on again later.',
        confirmLabel: 'Switch off',
      }))
    )
      return;
    await busy(toggle, turningOff ? 'Switching off…' : 'Switching on…', async () => {
      try {
        service = await api(url, { method: 'PATCH', body: { active: !turningOff } });
        say(
          messages,
          'good',
          service.active
            ? [quoted(service.name), ' can be booked again.']
            : [quoted(service.name), ' is switched off: it can no longer be booked.'],
        );
      } catch (error) {
        messages.replaceChildren(errorNotice(error));
      }
    });
    shown();
  });

  const remove = h('button', { type: 'button', class: 'danger' }, 'Delete');
  remove.addEventListener('click', async () => {
    const sure = await confirmAction({
      title: ['Delete ', quoted(service.name), '?'],
      text: 'It disappears from the list and can no longer be booked; bookings already made keep its name and price. This cannot be undone: to stop bookings for a while, switch it off instead.',
      confirmLabel: 'Delete service',
      danger: true,
    });
    if (!sure) return;
    await busy(remove, 'Deleting…', async () => {
      try {
        await api(url, { method: 'DELETE' });
        flashNext('good', ['Deleted ', quoted(service.name), '.']);
        location.hash = '#services';
      } catch (error) {
        messages.replaceChildren(errorNotice(error));
      }
    });
  });

  return h(
    'div',
    { class: 'service-edit', 'data-service-id': service.id },
    h('p', { class: 'back' }, h('a', { href: '#services' }, '← All services')),
    h('div', { class: 'view-head' }, title, badge),
    form,
    h('section', { class: 'panel danger-zone', 'aria-label': 'Switch off or delete' }, h('div', { class: 'actions' }, toggle, remove)),
  );
}

/** #services, #services/new, #services/ID */
export function renderServices(ctx, id) {
  if (id === 'new') return renderNew(ctx);
  if (/^\d+$/.test(id ?? '')) return renderOne(ctx, Number(id));
  return renderList(ctx);
}
