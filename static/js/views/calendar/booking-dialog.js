// The form that books a phone or walk-in client: service, staff member, date and time, and the
// client (found by a search, or typed in as a new one). A <dialog>, so it opens over the calendar
// from a click on a free time or from the "New booking" button, and Escape closes it.

import { busy, confirmAction, h, isolate, namedChoice } from '../../dom.js';
import { t } from '../../locale.js';
import { zonedIso } from '../../salon-time.js';
import { choice, deskField as field } from '../../ui/fields.js';
import { money } from '../../ui/money.js';
import { messageArea, say, sayError } from '../../ui/notice.js';

let formCount = 0;

const serviceLabel = (s) =>
  t('{name} ({minutes} min, {price})', { name: s.name, minutes: s.durationMinutes, price: money(s.price, s.currency) });

/** Fills `select` with `options` ([value, label] pairs), keeping its choice (or `chosen`) while it is among them. */
function offer(select, options, chosen = select.value) {
  select.replaceChildren(...options.map(([value, label]) => h('option', { value, selected: value === chosen }, label)));
  select.title = select.selectedOptions[0]?.textContent ?? '';
}

/** The sentence for a service nobody does: the server would refuse it whoever is asked. */
const nobodyDoes = (service) => t('Nobody does {service} yet: tick it for a staff member on the Staff page.', { service: service.name });

/**
 * Keeps the service and staff member lists matched: only the staff who do the service chosen,
 * and, once a staff member is chosen, only their services (all of them again for "Whoever is
 * free"). A service nobody does is said so under the staff list. Returns the sync, run on each
 * change (and first with the preset's `{ serviceId, staffId }`).
 */
function matchedChoices({ service, member, nobody, date }, services, staff, awayOn) {
  return ({ serviceId, staffId } = {}) => {
    const who = staff.find((s) => String(s.id) === (staffId === undefined ? member.value : String(staffId)));
    const theirs = who ? services.filter((s) => who.serviceIds.includes(s.id)) : [];
    offer(
      service,
      (theirs.length ? theirs : services).map((s) => [String(s.id), serviceLabel(s)]),
      serviceId === undefined ? service.value : String(serviceId),
    );
    const chosen = services.find((s) => String(s.id) === service.value);
    const doing = chosen ? staff.filter((s) => s.serviceIds.includes(chosen.id)) : staff;
    const away = awayOn(date.value);
    const name = (s) => (away.has(s.id) ? t('{name} (away all day)', { name: s.name }) : s.name);
    const options = [['', doing.length ? t('Whoever is free') : t('Nobody does this yet')], ...doing.map((s) => [String(s.id), name(s)])];
    offer(member, options, who ? String(who.id) : '');
    nobody.hidden = doing.length > 0;
    nobody.textContent = chosen && !doing.length ? nobodyDoes(chosen) : '';
  };
}

/**
 * Service, staff member ("Whoever is free" first, those away all day on the date chosen said to
 * be: `awayOn(date)` gives their ids, as far as the calendar knows), date and time, set as
 * `preset` says.
 */
function whatAndWhen(id, { services, staff, preset, awayOn }) {
  const service = namedChoice(h('select', { id: id('service'), required: true }));
  const member = namedChoice(h('select', { id: id('staff'), 'aria-describedby': id('nobody') }));
  const nobody = h('p', { class: 'hint', id: id('nobody'), hidden: true });
  const date = h('input', { id: id('date'), type: 'date', required: true, value: preset.date });
  const match = matchedChoices({ service, member, nobody, date }, services, staff, awayOn);
  match({ serviceId: preset.serviceId ?? null, staffId: preset.staffId ?? null });
  service.addEventListener('change', () => match());
  member.addEventListener('change', () => match());
  date.addEventListener('change', () => match());
  const time = h('input', { id: id('time'), type: 'time', required: true, step: '60', value: preset.time ?? '' });
  return {
    service,
    member,
    /** The sentence saying nobody does the service chosen, or null. */
    nobody: () => (nobody.hidden ? null : nobody.textContent),
    date,
    time,
    element: [
      field(t('Service'), service),
      h('div', { class: 'field' }, h('label', { for: member.id }, t('Staff member')), member, nobody),
      h('div', { class: 'field-row' }, field(t('Date'), date), field(t('Time'), time)),
    ],
  };
}

/** A new client's name, phone and e-mail address (one of them needed, when `contactRequired`). */
function newClientFields(id, contactRequired) {
  const name = h('input', { id: id('name'), type: 'text', autocomplete: 'off' });
  const phone = h('input', { id: id('phone'), type: 'tel', autocomplete: 'off' });
  const email = h('input', { id: id('email'), type: 'email', autocomplete: 'off' });
  const element = h(
    'div',
    { class: 'new-client' },
    field(t('Client name'), name),
    field(t('Phone'), phone),
    field(
      t('E-mail'),
      email,
      contactRequired
        ? t('A phone number or an e-mail address, so the salon can reach them (Settings, “Booking rules”, can let a name alone do).')
        : t('Optional: a walk-in can be booked by name.'),
    ),
  );
  return { name, element, read: () => ({ name: name.value.trim(), phone: phone.value.trim(), email: email.value.trim() }) };
}

/** The client: a search among the salon's clients (each found one a choice), or a new one. */
function clientPart(id, api, message, contactRequired) {
  const search = h('input', { id: id('search'), type: 'search', autocomplete: 'off', spellcheck: 'false' });
  const choices = h('div', { class: 'client-choices' });
  const fresh = newClientFields(id, contactRequired);
  const radio = (value, label, checked) => {
    const control = h('input', { type: 'radio', name: id('client'), value, checked, id: `${id('client')}-${value}` });
    control.addEventListener('change', () => {
      fresh.element.hidden = value !== 'new';
    });
    return choice(control, label);
  };
  const showChoices = (clients) => {
    // One span a client: the label is a grid (style.css .choice label), each child a row of it.
    const found = (c) => h('span', null, isolate(c.name), c.phone ? ` · ${c.phone}` : null, c.email ? ` · ${c.email}` : null);
    choices.replaceChildren(
      radio('new', t('A new client'), clients.length === 0),
      ...clients.map((c, i) => radio(String(c.id), found(c), i === 0)),
    );
    fresh.element.hidden = clients.length > 0;
  };
  showChoices([]);
  searchAsTyped(search, api, message, (found, text) => {
    showChoices(found);
    if (found.length === 0) fresh.name.value ||= text;
  });
  const element = h(
    'fieldset',
    null,
    h('legend', null, t('Client')),
    field(t('Find a client'), search, t('Part of a name, phone number or e-mail address.')),
    choices,
    fresh.element,
  );
  const chosen = () => choices.querySelector(`input[name="${id('client')}"]:checked`)?.value ?? 'new';
  return { search, element, read: () => (chosen() === 'new' ? { client: fresh.read() } : { clientId: Number(chosen()) }) };
}

/** Searches the clients a quarter of a second after the typing stops; an answer overtaken by a newer search is dropped. */
function searchAsTyped(search, api, message, show) {
  let timer;
  let count = 0;
  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const text = search.value.trim();
      const mine = ++count;
      if (!text) return show([], text);
      try {
        const found = await api.list('adminListClients', { query: { search: text, limit: 8 } });
        if (mine === count) show(found, text);
      } catch (error) {
        sayError(message, error);
      }
    }, 250);
  });
}

/** The booking the form describes, as the API takes it (without its start), or the problems with it. */
function readBooking(what, who, notes, contactRequired) {
  const problems = [];
  if (!what.date.value) problems.push(t('Choose a date.'));
  if (!what.time.value) problems.push(t('Choose a time.'));
  const nobody = what.nobody();
  if (nobody) problems.push(nobody);
  const body = { serviceId: Number(what.service.value) };
  if (what.member.value) body.staffId = Number(what.member.value);
  const client = who.read();
  if (client.client) {
    const { name, phone, email } = client.client;
    if (!name) problems.push(t('Type the client’s name, or find them with the search.'));
    else if (contactRequired && !phone && !email)
      problems.push(t('Add a phone number or an e-mail address for the new client. Settings (“Booking rules”) can let a name alone do.'));
    body.client = { name, ...(phone ? { phone } : {}), ...(email ? { email } : {}) };
  } else body.clientId = client.clientId;
  if (notes.value.trim()) body.notes = notes.value.trim();
  return { body, problems };
}

/**
 * Closing the form (Escape, Cancel) with something typed into it asks first, as leaving a
 * view with unsaved changes does (ui/unsaved.js): a client's name and phone are not lost without a
 * word. Untouched, it closes at once. Returns the close that asks.
 */
function askBeforeDiscarding(dialog, form) {
  let typed = false;
  // Typed: a text field's input (a choice from a list is made again in a moment).
  form.addEventListener('input', (event) => {
    if (event.target.matches('textarea, input:not([type="radio"], [type="checkbox"])')) typed = true;
  });
  const close = async () => {
    if (typed) {
      const discard = await confirmAction({
        title: t('Discard this booking?'),
        text: t('What was typed here is not booked yet. Closing the form loses it.'),
        confirmLabel: t('Discard'),
        keepLabel: t('Go on booking'),
        danger: true,
      });
      if (!discard) return;
    }
    dialog.close();
  };
  // Escape: the browser's own close waits for the answer.
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    close();
  });
  return close;
}

/**
 * Opens the form (`contactRequired`: the salon's deskContactRequired; `awayOn(date)`: the ids of
 * the staff away all day then). `preset` is { date, time, staffId, serviceId? } from the click (time and staffId
 * may be null); `book(body)` makes the booking and resolves to it and its sentence, which go to
 * `onBooked(booking, sentence)`.
 */
export function bookingDialog({ api, timeZone, contactRequired, services, staff, awayOn = () => new Set(), preset, book, onBooked }) {
  const n = ++formCount;
  const id = (name) => `book-${name}-${n}`;
  const message = messageArea({ role: 'alert' });
  const what = whatAndWhen(id, { services, staff, preset, awayOn });
  const who = clientPart(id, api, message, contactRequired);
  const notes = h('textarea', { id: id('notes'), rows: 2 });
  const submit = h('button', { type: 'submit', class: 'primary' }, t('Book'));
  const cancel = h('button', { type: 'button', onclick: () => closeAsking() }, t('Cancel'));
  const form = h(
    'form',
    { class: 'booking-form', novalidate: true },
    h('h2', { id: id('title') }, t('New booking')),
    what.element,
    who.element,
    field(t('Notes'), notes),
    message,
    h('div', { class: 'actions' }, submit, cancel),
  );
  const dialog = h('dialog', { class: 'form-dialog', 'aria-labelledby': id('title') }, form);
  const closeAsking = askBeforeDiscarding(dialog, form);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const { body, problems } = readBooking(what, who, notes, contactRequired);
    if (problems.length) return say(message, 'error', problems.join(' '));
    body.startTime = zonedIso(what.date.value, what.time.value, timeZone);
    message.replaceChildren();
    await busy(submit, t('Booking…'), async () => {
      try {
        const { booking, sentence } = await book(body);
        dialog.close();
        onBooked(booking, sentence);
      } catch (error) {
        sayError(message, error);
      }
    });
  });
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  (preset.time ? who.search : what.time).focus();
  return dialog;
}
