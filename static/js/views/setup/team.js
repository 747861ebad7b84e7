// Render: the second and third steps, the first services and the first staff member, each with
// the ones added so far, one at a time.

import { h, isolate } from '../../dom.js';
import { choice, deskField as field } from '../../ui/fields.js';
import { money, parseMoney } from '../../ui/money.js';
import { weekEditor } from '../../ui/week-editor.js';
import { stepForm } from './step.js';

const soFar = (label, items, line) =>
  items.length
    ? h(
        'ul',
        { class: 'setup-list', 'aria-label': label },
        items.map((item) => h('li', null, line(item))),
      )
    : null;

/** The service typed, or the problems with it. */
function readService(name, duration, price, currency) {
  const minutes = Number(duration.value);
  const minor = parseMoney(price.value || '0', currency);
  const problems = [
    name.value.trim() ? null : 'Type the service’s name.',
    Number.isInteger(minutes) && minutes >= 5 && minutes <= 720 ? null : 'The duration is whole minutes, from 5 to 720.',
    minor === undefined ? 'Type the price as a number, for example 35 or 35.50.' : null,
  ].filter(Boolean);
  return { body: { name: name.value.trim(), durationMinutes: minutes, price: minor }, problems };
}

export function servicesStep({ business, services }, actions) {
  const name = h('input', { id: 'service-name', type: 'text', maxlength: '200', autocomplete: 'off' });
  const duration = h('input', { id: 'service-duration', type: 'number', min: '5', max: '720', step: '5', value: '45' });
  const price = h('input', { id: 'service-price', type: 'text', inputmode: 'decimal' });
  const add = h('button', { type: 'submit' }, 'Add service');
  const form = stepForm(
    'Services',
    'What clients can book: a name, how long it takes and what it costs. Add one at a time; more can follow later.',
    soFar('Services so far', services, (s) => [isolate(s.name), `: ${s.durationMinutes} min, ${money(s.price, s.currency)}`]),
    h(
      'div',
      { class: 'field-row' },
      field('Service name', name),
      field('Duration in minutes', duration),
      field(`Price (${business.currency})`, price),
    ),
    h(
      'div',
      { class: 'actions' },
      add,
      services.length ? h('a', { class: 'button primary', href: '#setup/staff' }, 'Continue to staff') : null,
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const { body, problems } = readService(name, duration, price, business.currency);
    if (problems.length) return actions.refuse(problems.join(' '));
    actions.addService(add, body);
  });
  return form;
}

export function staffStep({ business, services, staff }, actions) {
  const name = h('input', { id: 'staff-name', type: 'text', maxlength: '200', autocomplete: 'off' });
  const hours = weekEditor('works', business.workingHours, { breaks: true, picked: { legend: 'Working hours', dayLabel: 'Works on' } });
  const performs = services.map((s) => h('input', { type: 'checkbox', id: `does-${s.id}`, value: String(s.id), checked: true }));
  const add = h('button', { type: 'submit', class: staff.length ? null : 'primary' }, 'Add staff member');
  const form = stepForm(
    'Staff',
    'Who does the work, when they work, and which services they do. The hours start as the salon’s opening hours.',
    soFar('Staff so far', staff, (s) => isolate(s.name)),
    field('Staff member’s name', name),
    hours.element,
    h(
      'fieldset',
      null,
      h('legend', null, 'Services they do'),
      services.map((s, i) => choice(performs[i], s.name)),
    ),
    h('div', { class: 'actions' }, add, staff.length ? h('a', { class: 'button primary', href: '#setup/widget' }, 'Continue') : null),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const week = hours.read();
    const serviceIds = performs.filter((c) => c.checked).map((c) => Number(c.value));
    if (!name.value.trim()) return actions.refuse('Type the staff member’s name.');
    if (week.problem) return actions.refuse(week.problem);
    if (serviceIds.length === 0) return actions.refuse('Tick at least one service they do.');
    actions.addStaff(add, { name: name.value.trim(), schedule: week.value, serviceIds }, staff.length === 0);
  });
  return form;
}
