// Render: the form of a new service (`service` undefined) or an existing one: name, description,
// duration, price in the salon's currency, the minutes to prepare and clean up, and whether it can
// be booked. `read()` gives the service as the API takes it, or the problems with it.

import { h } from '../../dom.js';
import { t } from '../../locale.js';
import { checkbox, field, input, wholeNumber } from '../../ui/fields.js';
import { moneyField, parseMoney } from '../../ui/money.js';

const whole = (id, value, min, max) => input(id, { type: 'number', inputmode: 'numeric', min, max, step: 1, value: String(value) });

/** The whole numbers of the form: [control, key, what it is called, min, max]. */
function numberFields(service) {
  return [
    [whole('service-duration', service?.durationMinutes ?? 30, 5, 720), 'durationMinutes', t('The duration'), 5, 720],
    [whole('service-buffer-before', service?.bufferBeforeMinutes ?? 0, 0, 240), 'bufferBeforeMinutes', t('The minutes to prepare'), 0, 240],
    [whole('service-buffer-after', service?.bufferAfterMinutes ?? 0, 0, 240), 'bufferAfterMinutes', t('The minutes to clean up'), 0, 240],
  ];
}

function readService({ name, description, numbers, price, active }, currency) {
  const problems = [];
  const body = { name: name.value.trim(), description: description.value.trim() };
  if (!body.name) problems.push(t('Give the service a name.'));
  for (const [control, key, what, min, max] of numbers) {
    const n = wholeNumber(control, what, min, max);
    if (n.problem) problems.push(n.problem);
    else body[key] = n.value;
  }
  body.price = parseMoney(price.value, currency);
  if (body.price === undefined) problems.push(t('The price must be an amount such as {example}.', { example: moneyField(3550, currency) }));
  body.active = active.checked;
  return { body, problems };
}

export function serviceForm(service, currency, messages) {
  const name = input('service-name', { value: service?.name ?? '', required: true, maxlength: 200 });
  const description = h('textarea', {
    id: 'service-description',
    name: 'description',
    rows: 2,
    maxlength: 2000,
    value: service?.description ?? '',
  });
  const numbers = numberFields(service);
  const [duration, before, after] = numbers.map(([control]) => control);
  const price = input('service-price', {
    inputmode: 'decimal',
    value: service ? moneyField(service.price, currency) : '',
    placeholder: moneyField(0, currency),
  });
  const active = checkbox('service-active', t('Clients can book it'), service?.active ?? true);
  const submit = h('button', { type: 'submit', class: 'primary' }, service ? t('Save changes') : t('Add service'));
  const form = h(
    'form',
    { class: 'panel edit-form', novalidate: true },
    field(t('Name'), name),
    field(t('Description (optional)'), description, t('Shown to clients where the website lists the services.')),
    h('div', { class: 'field-row' }, field(t('Duration in minutes'), duration), field(t('Price in {currency}', { currency }), price)),
    h(
      'div',
      { class: 'field-row' },
      field(t('Minutes to prepare before'), before, t('The staff member’s time only, not the client’s.')),
      field(t('Minutes to clean up after'), after, t('Nobody can be booked with them then.')),
    ),
    active,
    messages,
    h('div', { class: 'actions' }, submit),
  );
  const activeBox = form.elements['service-active'];
  return { form, submit, activeBox, read: () => readService({ name, description, numbers, price, active: activeBox }, currency) };
}
