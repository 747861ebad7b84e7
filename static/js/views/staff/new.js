// A new staff member (#staff/new): name and contact, the services they do, and their weekly hours
// and breaks (Monday to Friday 09:00–18:00 to start with).

import { h } from '../../dom.js';
import { t } from '../../locale.js';
import { messageArea, notice } from '../../ui/notice.js';
import { itemPage } from '../../ui/pages.js';
import { weekEditor } from '../../ui/week-editor.js';
import { addStaff } from './actions.js';
import { detailFields, HOURS_HINT, mayChangeStaff, NEW_WEEK, serviceChoice } from './fields.js';

export async function renderNewStaff(ctx) {
  if (!mayChangeStaff(ctx))
    return itemPage(
      { class: 'staff-edit' },
      ['#staff', t('← All staff')],
      h('h2', null, t('New staff member')),
      notice('note', t('Only the salon’s owner adds staff members.')),
    );
  const services = await ctx.api.list('adminListServices');
  const details = detailFields(undefined);
  const choice = serviceChoice(services, []);
  const week = weekEditor('new-staff', NEW_WEEK, { breaks: true });
  const messages = messageArea();
  const submit = h('button', { type: 'submit', class: 'primary' }, t('Add staff member'));
  const form = h(
    'form',
    { class: 'panel edit-form', novalidate: true },
    details.element,
    choice.element,
    h('fieldset', null, h('legend', null, t('Weekly hours and breaks')), h('p', { class: 'hint' }, t(HOURS_HINT)), week.element),
    messages,
    h('div', { class: 'actions' }, submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    addStaff(ctx, submit, messages, { details: details.read(), schedule: week.read(), serviceIds: choice.read() });
  });
  return itemPage({ class: 'staff-edit' }, ['#staff', t('← All staff')], h('h2', null, t('New staff member')), form);
}
