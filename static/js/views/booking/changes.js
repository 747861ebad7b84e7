// Render: the forms that change a booking still to come: move it to another time or staff
// member, or cancel it with a reason.

import { h, namedChoice } from '../../dom.js';
import { t } from '../../locale.js';
import { timeOf } from '../../salon-time.js';
import { choice, deskField as field } from '../../ui/fields.js';

export function moveForm({ booking, day, movableTo }, actions) {
  const date = h('input', { id: 'move-date', type: 'date', required: true, value: day });
  const time = h('input', { id: 'move-time', type: 'time', required: true, step: '300', value: timeOf(booking.startTime) });
  const member = namedChoice(
    h(
      'select',
      { id: 'move-staff' },
      movableTo.map((s) => h('option', { value: String(s.id), selected: s.id === booking.staffId }, s.name)),
    ),
  );
  const submit = h('button', { type: 'submit' }, t('Move booking'));
  const form = h(
    'form',
    { class: 'card', 'aria-labelledby': 'move-title' },
    h('h3', { id: 'move-title' }, t('Move to another time')),
    h('div', { class: 'field-row' }, field(t('New date'), date), field(t('New time'), time), field(t('With'), member)),
    h('div', { class: 'actions' }, submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!date.value || !time.value) return actions.failed({ sentence: t('Choose the new date and time first.') });
    actions.move(submit, { date: date.value, time: time.value, staffId: Number(member.value) });
  });
  return form;
}

export function cancelForm(actions) {
  const reason = h('input', { id: 'cancel-reason', type: 'text', maxlength: '500' });
  // Who cancelled: a client's cancellation shortly before the visit is a late one in the reports.
  const by = (value, checked) => h('input', { type: 'radio', id: `cancel-by-${value}`, name: 'cancel-by', value, checked });
  const byClient = by('client', false);
  const submit = h('button', { type: 'submit', class: 'danger' }, t('Cancel booking'));
  const form = h(
    'form',
    { class: 'card', 'aria-labelledby': 'cancel-title' },
    h('h3', { id: 'cancel-title' }, t('Cancel the booking')),
    h(
      'fieldset',
      { class: 'inline-choice' },
      h('legend', null, t('Who cancels?')),
      choice(by('salon', true), t('The salon')),
      choice(byClient, t('The client asked (their cancellation, a late one if less than 24 hours before)')),
    ),
    field(t('Reason for cancelling'), reason, t('Optional. Connected programs receive it.')),
    h('div', { class: 'actions' }, submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const body = { cancelledBy: byClient.checked ? 'client' : 'salon' };
    actions.cancel(submit, reason.value.trim() ? { ...body, reason: reason.value.trim() } : body);
  });
  return form;
}
