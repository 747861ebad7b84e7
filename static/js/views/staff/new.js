// A new staff member (#staff/new): name and contact, the services they do, and their weekly hours
// and breaks on the setup's week (Monday to Friday 09:00–18:00 to start with).

import { h } from '../../dom.js';
import { t } from '../../locale.js';
import { messageArea } from '../../ui/notice.js';
import { pageFor } from '../../ui/pages.js';
import { weekEditor } from '../../ui/week-editor.js';
import { addStaff } from './actions.js';
import { detailFields, mayChangeStaff, NEW_WEEK, serviceChoice } from './fields.js';

export function renderNewStaff(ctx) {
  const page = { class: 'staff-edit', back: ['#staff', t('← All staff')], title: t('New staff member') };
  return pageFor(page, mayChangeStaff(ctx), t('Only the salon’s owner adds staff members.'), () => newStaffForm(ctx));
}

/** The form: details, the services they do, weekly hours and breaks. */
async function newStaffForm(ctx) {
  const services = await ctx.api.list('adminListServices');
  const details = detailFields(undefined);
  const choice = serviceChoice(services, []);
  // The setup's week, as on a staff member's page (issue 27): time pickers, a break, a day copied.
  const week = weekEditor('new-staff', NEW_WEEK, {
    breaks: true,
    picked: { legend: t('Working hours'), dayLabel: t('Works on') },
  });
  const messages = messageArea();
  const submit = h('button', { type: 'submit', class: 'primary' }, t('Add staff member'));
  const form = h(
    'form',
    { class: 'panel edit-form', novalidate: true },
    details.element,
    choice.element,
    week.element,
    messages,
    h('div', { class: 'actions' }, submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    addStaff(ctx, submit, messages, { details: details.read(), schedule: week.read(), serviceIds: choice.read() });
  });
  return form;
}
