// The form that books a phone or walk-in client: service, staff member, date and time, and the
// client (found by a search, or typed in as a new one). A <dialog>, so it opens over the calendar
// from a click on a free time or from the "New booking" button, and Escape closes it.

import { api, businessPath, heldBy } from './api.js';
import { busy, confirmAction, errorNotice, h, isolate, namedChoice, notice } from './dom.js';
import { deliverySentence } from './booking-events.js';
import { money } from './forms.js';
import { longDate, timeOf, zonedIso } from './salon-time.js';

let formCount = 0;

/** A labelled field: the <label> names the input, for keyboards, screen readers and tests. */
export function field(label, input, hint) {
  return h('div', { class: 'field' }, h('label', { htmlFor: input.id }, label), input, hint ? h('p', { class: 'hint' }, hint) : null);
}

/**
 * A time a website client holds: the desk books it only after saying so, which releases the hold.
 * Resolves true for "Book anyway".
 */
function askToBookOverHold(holds) {
  return confirmAction({
    title: 'Book over a hold?',
    text: `${heldBy(holds)} — book anyway? A client may be booking this time on the website right now; booking it here lets their hold go.`,
    confirmLabel: 'Book anyway',
  });
}

/**
 * Opens the form. `preset` is { date, time, staffId, serviceId? } from the click (time and staffId
 * may be null); `onBooked(booking, sentence)` runs after the booking was made.
 */
export function bookingDialog({ business, services, staff, preset, onBooked }) {
  const n = ++formCount;
  const id = (name) => `book-${name}-${n}`;
  const base = businessPath(business);

  const service = namedChoice(
    h(
      'select',
      { id: id('service'), required: true },
      services.map((s) =>
        h(
          'option',
          { value: String(s.id), selected: s.id === preset.serviceId },
          `${s.name} (${s.durationMinutes} min, ${money(s.price, s.currency)})`,
        ),
      ),
    ),
  );
  const member = namedChoice(
    h(
      'select',
      { id: id('staff') },
      h('option', { value: '' }, 'Whoever is free'),
      staff.map((s) => h('option', { value: String(s.id), selected: s.id === preset.staffId }, s.name)),
    ),
  );
  const date = h('input', { id: id('date'), type: 'date', required: true, value: preset.date });
  const time = h('input', { id: id('time'), type: 'time', required: true, step: '300', value: preset.time ?? '' });

  // The client: a search among the salon's clients, or a new one.
  const search = h('input', { id: id('search'), type: 'search', autocomplete: 'off', spellcheck: 'false' });
  const choices = h('div', { class: 'client-choices' });
  const newName = h('input', { id: id('name'), type: 'text', autocomplete: 'off' });
  const newPhone = h('input', { id: id('phone'), type: 'tel', autocomplete: 'off' });
  const newEmail = h('input', { id: id('email'), type: 'email', autocomplete: 'off' });
  const newClient = h(
    'div',
    { class: 'new-client' },
    field('Client name', newName),
    field('Phone', newPhone),
    field('E-mail', newEmail, 'A phone number or an e-mail address, so the salon can reach them.'),
  );
  const radio = (value, label, checked) => {
    const input = h('input', { type: 'radio', name: id('client'), value, checked, id: `${id('client')}-${value}` });
    input.addEventListener('change', () => {
      newClient.hidden = value !== 'new';
    });
    return h('div', { class: 'choice' }, input, h('label', { htmlFor: input.id }, label));
  };
  const showChoices = (clients) => {
    choices.replaceChildren(
      radio('new', 'A new client', clients.length === 0),
      ...clients.map((c, i) =>
        radio(
          String(c.id),
          // One span: the label is a grid (style.css .choice label), each child a row of it.
          h('span', null, isolate(c.name), c.phone ? ` · ${c.phone}` : null, c.email ? ` · ${c.email}` : null),
          i === 0,
        ),
      ),
    );
    newClient.hidden = clients.length > 0;
  };
  showChoices([]);
  let searchTimer;
  let searchCount = 0;
  search.addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(async () => {
      const text = search.value.trim();
      const mine = ++searchCount;
      if (!text) return showChoices([]);
      try {
        const found = (await api(`${base}/clients?search=${encodeURIComponent(text)}&limit=8`)).data;
        if (mine === searchCount) {
          showChoices(found);
          if (found.length === 0) newName.value ||= text;
        }
      } catch (error) {
        message.replaceChildren(errorNotice(error));
      }
    }, 250);
  });

  const notes = h('textarea', { id: id('notes'), rows: 2 });
  const message = h('div', { class: 'message-area', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Book');

  const form = h(
    'form',
    { class: 'booking-form', novalidate: true },
    h('h2', { id: id('title') }, 'New booking'),
    field('Service', service),
    field('Staff member', member),
    h('div', { class: 'field-row' }, field('Date', date), field('Time', time)),
    h(
      'fieldset',
      null,
      h('legend', null, 'Client'),
      field('Find a client', search, 'Part of a name, phone number or e-mail address.'),
      choices,
      newClient,
    ),
    field('Notes', notes),
    message,
    h('div', { class: 'actions' }, submit, h('button', { type: 'button', onclick: () => dialog.close() }, 'Cancel')),
  );
  const dialog = h('dialog', { class: 'form-dialog', 'aria-labelledby': id('title') }, form);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const problems = [];
    if (!date.value) problems.push('Choose a date.');
    if (!time.value) problems.push('Choose a time.');
    const chosen = form.querySelector(`input[name="${id('client')}"]:checked`)?.value ?? 'new';
    const body = { serviceId: Number(service.value) };
    if (member.value) body.staffId = Number(member.value);
    if (chosen === 'new') {
      const client = { name: newName.value.trim() };
      if (newPhone.value.trim()) client.phone = newPhone.value.trim();
      if (newEmail.value.trim()) client.email = newEmail.value.trim();
      if (!client.name) problems.push('Type the client’s name, or find them with the search.');
      else if (!client.phone && !client.email) problems.push('Add a phone number or an e-mail address for the new client.');
      body.client = client;
    } else {
      body.clientId = Number(chosen);
    }
    if (notes.value.trim()) body.notes = notes.value.trim();
    if (problems.length) {
      message.replaceChildren(notice('error', problems.join(' ')));
      return;
    }
    body.startTime = zonedIso(date.value, time.value, business.timezone);
    message.replaceChildren();
    await busy(submit, 'Booking…', async () => {
      try {
        const book = (extra) => api(`${base}/bookings`, { method: 'POST', body: { ...body, ...extra } });
        let booking;
        try {
          booking = await book({});
        } catch (error) {
          if (error.code !== 'slot_held' || !(await askToBookOverHold(error.body.holds))) throw error;
          booking = await book({ overrideHold: true });
        }
        const sent = await deliverySentence(base, booking.id, 'booking.created');
        dialog.close();
        onBooked(booking, [
          'Booked ',
          isolate(booking.client.name),
          ' for ',
          isolate(booking.serviceName),
          ` on ${longDate(booking.startTime.slice(0, 10))} at ${timeOf(booking.startTime)} with `,
          isolate(booking.staffName),
          `; ${sent}.`,
        ]);
      } catch (error) {
        message.replaceChildren(errorNotice(error));
      }
    });
  });
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  (preset.time ? search : time).focus();
  return dialog;
}
