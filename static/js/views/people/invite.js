// Inviting a person: name, e-mail address, role (each with what it may do) and, for a stylist,
// which staff member they are. The answer is their one-time link (link.js).

import { h } from '../../dom.js';
import { t } from '../../locale.js';
import { choice, field, input } from '../../ui/fields.js';
import { messageArea, showProblems } from '../../ui/notice.js';
import { ROLES, staffSelect } from './words.js';

function roleChoices() {
  return h(
    'fieldset',
    { class: 'role-choice' },
    h('legend', null, t('Role')),
    ROLES.map(([value, name, can]) => {
      const radio = h('input', { type: 'radio', id: `invite-role-${value}`, name: 'invite-role', value, checked: value === 'front_desk' });
      return h('div', null, choice(radio, t(name)), h('p', { class: 'hint role-can' }, t(can)));
    }),
  );
}

/** The form; `invite(button, messages, body)` sends it. */
export function inviteForm(staff, invite) {
  const name = input('invite-name', { required: true });
  const email = input('invite-email', { type: 'email', required: true, autocomplete: 'off', spellcheck: 'false' });
  const roles = roleChoices();
  const member = staffSelect('invite-staff', staff, null);
  const memberField = field(t('Staff member'), member, t('The stylist sees this staff member’s bookings and time off.'));
  const roleNow = () => roles.querySelector('input:checked')?.value;
  const showMember = () => {
    memberField.hidden = roleNow() !== 'stylist';
  };
  roles.addEventListener('change', showMember);
  showMember();
  const messages = messageArea();
  const submit = h('button', { type: 'submit', class: 'primary' }, t('Invite'));
  const form = h(
    'form',
    { class: 'panel edit-form invite', novalidate: true, 'aria-labelledby': 'invite-heading' },
    h('h3', { id: 'invite-heading' }, t('Invite a person')),
    h('p', { class: 'hint' }, t('They get a one-time link to choose their own password; you give it to them.')),
    field(t('Name'), name),
    field(t('E-mail address'), email, t('They sign in with it.')),
    roles,
    memberField,
    messages,
    h('div', { class: 'actions' }, submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const role = roleNow();
    const staffId = role === 'stylist' && member.value ? Number(member.value) : null;
    const problems = [
      name.value.trim() ? null : t('Give the person a name.'),
      email.value.trim() ? null : t('Give their e-mail address: they sign in with it.'),
      role === 'stylist' && staffId === null ? t('Choose which staff member the stylist is.') : null,
    ].filter(Boolean);
    if (showProblems(messages, problems)) return;
    const body = { name: name.value.trim(), email: email.value.trim(), role, ...(staffId === null ? {} : { staffId }) };
    invite(submit, messages, body);
  });
  return form;
}
