// The one period editor: a list of periods nobody can book (the salon's closed days, a staff
// member's time off), each to change or remove, and the form that adds one or changes the one
// picked. Whole days, or with `partOfDay` also part of one day. What it is called and which calls
// it makes come from the view (`words`, `calls`).

import { busy, confirmAction, h, isolate } from '../dom.js';
import { t, tn } from '../locale.js';
import { dayText, salonDateTime, todayIn, zonedIso } from '../salon-time.js';
import { choice, field, input } from './fields.js';
import { messageArea, say, sayError, showProblems } from './notice.js';

/** From–to of a time off or closure: whole days, or a part of a day. */
export function periodText(item) {
  if (item.allDay === false) {
    const sameDay = item.startTime.slice(0, 10) === item.endTime.slice(0, 10);
    return sameDay
      ? `${salonDateTime(item.startTime)}–${item.endTime.slice(11, 16)}`
      : t('{first} to {last}', { first: salonDateTime(item.startTime), last: salonDateTime(item.endTime) });
  }
  return item.startDate === item.endDate
    ? dayText(item.startDate)
    : t('{first} to {last}', { first: dayText(item.startDate), last: dayText(item.endDate) });
}

/** The bookings a time off or closure overlaps, as the API lists them in its answer. */
export function overlapNotice(bookings, what) {
  if (!bookings?.length) return null;
  return h(
    'div',
    { class: 'notice warn', role: 'status' },
    h(
      'p',
      null,
      tn(
        bookings.length,
        '{what} overlaps a booking. They stay booked: move or cancel them if the client cannot come.',
        '{what} overlaps {count} bookings. They stay booked: move or cancel them if the client cannot come.',
        { what },
      ),
    ),
    h(
      'ul',
      { class: 'overlaps' },
      bookings.map((b) =>
        h(
          'li',
          null,
          h(
            'a',
            { href: `#bookings/${b.id}` },
            `${salonDateTime(b.startTime)}: `,
            b.client?.name ? isolate(b.client.name) : t('client'),
            ', ',
            b.serviceName ? isolate(b.serviceName) : t('booking'),
          ),
        ),
      ),
    ),
  );
}

/** Whole days, or (with `partOfDay`) a choice between them and a day from–until. */
function periodFields(id, zone, partOfDay, words) {
  const today = todayIn(zone);
  const kind = (value, checked) => h('input', { type: 'radio', id: `${id}-${value}`, name: `${id}-kind`, value, checked });
  const days = kind('days', true);
  const hours = kind('hours', false);
  const first = input(`${id}-first`, { type: 'date', value: today });
  const last = input(`${id}-last`, { type: 'date', value: today });
  const day = input(`${id}-day`, { type: 'date', value: today });
  const from = input(`${id}-from`, { type: 'time', value: '09:00' });
  const until = input(`${id}-until`, { type: 'time', value: '12:00' });
  const daysFields = h('div', { class: 'field-row' }, field(words.firstDay, first), field(words.lastDay, last));
  const hoursFields = h(
    'div',
    { class: 'field-row three', hidden: true },
    field(t('Day'), day),
    field(t('From'), from),
    field(t('Until'), until),
  );
  const sync = () => {
    daysFields.hidden = !days.checked;
    hoursFields.hidden = days.checked;
  };
  days.addEventListener('change', sync);
  hours.addEventListener('change', sync);
  const kinds = h(
    'fieldset',
    { class: 'inline-choice' },
    h('legend', null, t('Away for')),
    choice(days, t('Whole days')),
    choice(hours, t('Part of a day')),
  );
  return {
    element: [partOfDay ? kinds : null, daysFields, partOfDay ? hoursFields : null],
    /** Fills the fields with a period from the list; gives back the first of them, for the focus. */
    fill(period) {
      const partial = period.allDay === false;
      days.checked = !partial;
      hours.checked = partial;
      if (partial)
        [day.value, from.value, until.value] = [
          period.startTime.slice(0, 10),
          period.startTime.slice(11, 16),
          period.endTime.slice(11, 16),
        ];
      else [first.value, last.value] = [period.startDate, period.endDate];
      sync();
      return partial ? day : first;
    },
    /** The period as the API takes it, or the problems with it. */
    read() {
      if (days.checked) {
        const dates = { startDate: first.value, endDate: last.value || first.value };
        if (!dates.startDate) return { problems: [words.noFirstDay] };
        if (dates.endDate < dates.startDate) return { problems: [words.lastBeforeFirst] };
        return { value: partOfDay ? { allDay: true, ...dates } : dates };
      }
      if (!day.value || !from.value || !until.value) return { problems: [t('Choose the day and the times.')] };
      if (until.value <= from.value) return { problems: [t('“Until” must be later than “From”.')] };
      return {
        value: { allDay: false, startTime: zonedIso(day.value, from.value, zone), endTime: zonedIso(day.value, until.value, zone) },
      };
    },
  };
}

/** A period of the list: what it is, "Change" and "Remove" (after a question). */
function periodRow(period, { id, words, calls, onChange, onRemoved, messages }) {
  const remove = h('button', { type: 'button', class: 'danger' }, t('Remove'));
  remove.addEventListener('click', async () => {
    if (!(await confirmAction({ ...words.removing(period), danger: true }))) return;
    await busy(remove, t('Removing…'), async () => {
      try {
        await calls.remove(period.id);
        say(messages, 'good', words.removed(period));
        await onRemoved(period);
      } catch (error) {
        sayError(messages, error);
      }
    });
  });
  return h(
    'li',
    { class: 'row-item', [`data-${id}-id`]: period.id },
    h('span', { class: 'what' }, h('strong', null, periodText(period)), period.note ? [' · ', isolate(period.note)] : null),
    h('span', { class: 'actions' }, h('button', { type: 'button', onclick: () => onChange(period) }, t('Change')), remove),
  );
}

/**
 * The form that adds a period, or changes the one `edit(period)` picked: its heading and button
 * say which. `onSaved()` draws the list again.
 */
function periodForm({ id, zone, partOfDay, words, calls, onSaved }) {
  const fields = periodFields(id, zone, partOfDay, words);
  const note = input(`${id}-note`, { maxlength: 500, placeholder: words.notePlaceholder });
  const heading = h('h3', { id: `${id}-form-heading` }, words.add);
  const submit = h('button', { type: 'submit', class: 'primary' }, words.addButton);
  const cancel = h('button', { type: 'button', hidden: true }, t('Cancel change'));
  const messages = messageArea();
  const form = h(
    'form',
    { class: 'panel edit-form', id: `${id}-form`, novalidate: true, 'aria-labelledby': `${id}-form-heading` },
    heading,
    fields.element,
    field(t('Note (optional)'), note),
    messages,
    h('div', { class: 'actions' }, submit, cancel),
  );
  let editing = null;
  const show = (period) => {
    editing = period;
    heading.textContent = period ? t('{change}: {period}', { change: words.change, period: periodText(period) }) : words.add;
    submit.textContent = period ? words.saveButton : words.addButton;
    cancel.hidden = !period;
    note.value = period?.note ?? '';
  };
  cancel.addEventListener('click', () => {
    show(null);
    messages.replaceChildren();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const period = fields.read();
    if (showProblems(messages, period.problems ?? [])) return;
    const body = { ...period.value, note: note.value.trim() };
    busy(submit, t('Saving…'), async () => {
      try {
        const saved = await (editing ? calls.update(editing.id, body) : calls.create(body));
        say(messages, 'good', words.saved(saved, Boolean(editing)), overlapNotice(saved.overlappingBookings, t('It')));
        show(null);
        await onSaved();
      } catch (error) {
        sayError(messages, error);
      }
    });
  });
  const edit = (period) => {
    const first = fields.fill(period);
    show(period);
    messages.replaceChildren();
    form.scrollIntoView({ block: 'start' });
    first.focus({ preventScroll: true });
  };
  /** A new period filled in for the user to finish (`period` as the API writes one), with `sentence` saying so. */
  const propose = (period, sentence) => {
    show(null);
    const first = fields.fill(period);
    say(messages, 'info', sentence);
    // After the view is drawn, when it is proposed as the view opens.
    requestAnimationFrame(() => {
      form.scrollIntoView({ block: 'start' });
      first.focus({ preventScroll: true });
    });
  };
  return { form, edit, propose, editing: () => editing, stop: () => show(null) };
}

/**
 * The list and its form in a section (`section`: its class, heading and hint). `load()` reads the
 * list (again); `propose(period, sentence)` fills the form with a new one to finish. `calls`: list(),
 * create(body), update(id, body), remove(id).
 */
export function periodEditor({ id, zone, partOfDay = false, section, words, calls }) {
  const list = h('ul', { class: `list-plain ${id}-list` });
  const messages = messageArea();
  const load = async () => {
    const periods = await calls.list();
    const onRemoved = async (period) => {
      if (editor.editing()?.id === period.id) editor.stop();
      await load();
    };
    const rows = periods.map((period) => periodRow(period, { id, words, calls, onChange: editor.edit, onRemoved, messages }));
    list.replaceChildren(...(rows.length ? rows : [h('li', { class: 'empty' }, words.empty)]));
  };
  const editor = periodForm({ id, zone, partOfDay, words, calls, onSaved: load });
  const headingId = `${section.class}-heading`;
  const element = h(
    'section',
    { class: section.class, 'aria-labelledby': headingId },
    h('div', { class: 'panel' }, h('h3', { id: headingId }, section.heading), h('p', { class: 'hint' }, section.hint), messages, list),
    editor.form,
  );
  return { element, load, propose: editor.propose };
}
