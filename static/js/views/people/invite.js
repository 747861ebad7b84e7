// Inviting a person: name, e-mail address, role (each with what it may do) and, for a stylist,
// which staff member they are. The answer is their one-time link (link.js).

import { h } from '../../dom.js';
import { t } from '../../locale.js';
import { choice, field, formPanel, input } from '../../ui/fields.js';
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

/** The form; `invite(body)` sends it (a failure it throws is said on the form). */
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
  const staffId = () => (roleNow() === 'stylist' && member.value ? Number(member.value) : null);
  return formPanel(
    'invite',
    t('Invite a person'),
    t('They get a one-time link to choose their own password; you give it to them.'),
    [field(t('Name'), name), field(t('E-mail address'), email, t('They sign in with it.')), roles, memberField],
    t('Invite'),
    () =>
      invite({
        name: name.value.trim(),
        email: email.value.trim(),
        role: roleNow(),
        ...(staffId() === null ? {} : { staffId: staffId() }),
      }),
    {
      busy: t('Inviting…'),
      className: 'invite',
      problems: () => [
        name.value.trim() ? null : t('Give the person a name.'),
        email.value.trim() ? null : t('Give their e-mail address: they sign in with it.'),
        roleNow() === 'stylist' && staffId() === null ? t('Choose which staff member the stylist is.') : null,
      ],
    },
  );
}
