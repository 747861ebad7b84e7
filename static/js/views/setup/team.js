// Render: the second and third steps, the first services and the first staff member, each with
// the ones added so far, one at a time.

import { h, isolate, listOf, phrase } from '../../dom.js';
import { t } from '../../locale.js';
import { WEEKDAY_KEYS, weekdayName } from '../../salon-time.js';
import { choice, deskField as field } from '../../ui/fields.js';
import { money, moneyField, parseMoney } from '../../ui/money.js';
import { weekEditor } from '../../ui/week-editor.js';
import { stepForm } from './step.js';
import { timeText } from '../services/list.js';

const soFar = (label, items, line) =>
  items.length
    ? h(
        'ul',
        { class: 'setup-list', 'aria-label': label },
        items.map((item) => h('li', null, line(item))),
      )
    : null;

/** The service typed and picked, or the problems with it. */
function readService({ name, duration, price, before, after }, currency) {
  const minor = parseMoney(price.value || '0', currency);
  const problems = [
    name.value.trim() ? null : t('Type the service’s name.'),
    minor === undefined ? t('Type the price as a number, for example 35 or {example}.', { example: moneyField(3550, currency) }) : null,
  ].filter(Boolean);
  const body = {
    name: name.value.trim(),
    durationMinutes: Number(duration.value),
    price: minor,
    bufferBeforeMinutes: Number(before.value),
    bufferAfterMinutes: Number(after.value),
  };
  return { body, problems };
}

/** A choice of minutes (picked, not typed): "45 minutes" first, so typing 45 picks it. */
const minutesChoice = (id, minutes, chosen, none) =>
  h(
    'select',
    { id },
    minutes.map((m) => h('option', { value: String(m), selected: m === chosen }, m === 0 && none ? none : t('{m} minutes', { m }))),
  );
const DURATIONS = [5, 10, 15, 20, 25, 30, 40, 45, 50, 60, 75, 90, 105, 120, 150, 180, 210, 240, 300, 360, 480];
const BUFFERS = [0, 5, 10, 15, 20, 30, 45, 60];

function serviceFields() {
  return {
    name: h('input', { id: 'service-name', type: 'text', maxlength: '200', autocomplete: 'off' }),
    duration: minutesChoice('service-duration', DURATIONS, 45),
    price: h('input', { id: 'service-price', type: 'text', inputmode: 'decimal' }),
    before: minutesChoice('service-before', BUFFERS, 0, t('None')),
    after: minutesChoice('service-after', BUFFERS, 0, t('None')),
  };
}

/**
 * The link on to the next step. A name typed and not yet added is added first (a new owner typed
 * the last staff member's name and pressed "Continue", expecting them kept), then the step goes on.
 */
function onTo(href, label, typed, addThenGo) {
  return h(
    'a',
    {
      class: 'button primary',
      href,
      onclick: (event) => {
        if (!typed.value.trim()) return;
        event.preventDefault();
        addThenGo();
      },
    },
    label,
  );
}

export function servicesStep({ business, services }, actions) {
  const fields = serviceFields();
  const add = h('button', { type: 'submit' }, t('Add service'));
  const form = stepForm(
    t('Services'),
    t('What clients can book: a name, how long it takes and what it costs. Add one at a time; more can follow later.'),
    soFar(t('Services so far'), services, (s) =>
      t('{name}: {time}, {price}', { name: isolate(s.name), time: timeText(s), price: money(s.price, s.currency) }),
    ),
    h(
      'div',
      { class: 'field-row' },
      field(t('Service name'), fields.name),
      field(t('Duration in minutes'), fields.duration),
      field(t('Price ({currency})', { currency: business.currency }), fields.price),
    ),
    h(
      'div',
      { class: 'field-row' },
      field(t('Time to prepare before'), fields.before, t('The staff member is busy then, the client not yet.')),
      field(t('Time to clean up after'), fields.after, t('After a colour, say: the next client can start only then.')),
    ),
    h(
      'div',
      { class: 'actions' },
      add,
      services.length ? onTo('#setup/staff', t('Continue to staff'), fields.name, () => save('staff')) : null,
    ),
  );
  const save = (next) => {
    const { body, problems } = readService(fields, business.currency);
    if (problems.length) return actions.refuse(problems.join(' '));
    actions.addService(add, body, next);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    save();
  });
  return form;
}

/** The hours of one day of weekly hours, given as ranges or as { hours, breaks }. */
const hoursOn = (day) => (Array.isArray(day) ? day : (day?.hours ?? []));

/** The indices (0: Monday) of the days with hours. */
const daysWith = (week) => WEEKDAY_KEYS.flatMap((key, i) => (hoursOn(week?.[key]).length ? [i] : []));

/** "Tue–Sat", "Mon, Wed, Fri": the days as runs, three days or more in a row written from–to. */
function daysText(days) {
  const runs = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  const name = (i) => weekdayName(i, 'short');
  return runs.flatMap((run) => (run.length >= 3 ? [`${name(run[0])}–${name(run.at(-1))}`] : run.map(name))).join(', ');
}

/** "every day the salon opens" or "Tue–Sat": the days a staff member works, to be checked with their services. */
function workDays(member, openingHours) {
  const days = daysWith(member.schedule);
  const open = daysWith(openingHours);
  if (days.length && days.join() === open.join()) return t('every day the salon opens');
  return days.length ? daysText(days) : t('on no day yet');
}

/** "Anna: Haircut, Colour; works Tue–Sat": a staff member added so far with the services they do and their days, to be checked before going on. */
function memberLine(member, services, openingHours) {
  const theirs = services.filter((s) => member.serviceIds?.includes(s.id)).map((s) => s.name);
  const days = workDays(member, openingHours);
  return theirs.length
    ? phrase(t('{name}: {services}; works {days}'), { name: isolate(member.name), services: listOf(theirs), days })
    : phrase(t('{name}: no services yet; works {days}'), { name: isolate(member.name), days });
}

export function staffStep({ business, services, staff }, actions) {
  const name = h('input', { id: 'staff-name', type: 'text', maxlength: '200', autocomplete: 'off' });
  const hours = weekEditor('works', business.workingHours, {
    breaks: true,
    picked: { legend: t('Working hours'), dayLabel: t('Works on') },
  });
  const performs = services.map((s) => h('input', { type: 'checkbox', id: `does-${s.id}`, value: String(s.id), checked: true }));
  const add = h('button', { type: 'submit', class: staff.length ? null : 'primary' }, t('Add staff member'));
  const form = stepForm(
    t('Staff'),
    t('Who does the work, when they work, and which services they do. The hours start as the salon’s opening hours.'),
    soFar(t('Staff so far'), staff, (member) => memberLine(member, services, business.workingHours)),
    field(t('Staff member’s name'), name),
    hours.element,
    h(
      'fieldset',
      null,
      h('legend', null, t('Services they do')),
      services.map((s, i) => choice(performs[i], s.name)),
    ),
    h('div', { class: 'actions' }, add, staff.length ? onTo('#setup/widget', t('Continue'), name, () => save('widget')) : null),
  );
  const save = (next) => {
    const week = hours.read();
    const serviceIds = performs.filter((c) => c.checked).map((c) => Number(c.value));
    if (!name.value.trim()) return actions.refuse(t('Type the staff member’s name.'));
    if (week.problem) return actions.refuse(week.problem);
    if (serviceIds.length === 0) return actions.refuse(t('Tick at least one service they do.'));
    actions.addStaff(add, { name: name.value.trim(), schedule: week.value, serviceIds }, next);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    save();
  });
  return form;
}
