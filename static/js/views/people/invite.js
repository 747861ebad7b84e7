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

const wordsOf = (text) => text.toLocaleLowerCase().split(/\s+/).filter(Boolean);

/**
 * The one staff member whose name matches the typed one ("Ben" is Ben; "Ben Weber" is Ben, and
 * Ben Weber is "Ben"), or null when none or several do.
 */
export function matchingMember(staff, typed) {
  const words = wordsOf(typed);
  if (words.length === 0) return null;
  const within = (some, all) => some.every((word) => all.includes(word));
  const matches = staff.filter((member) => {
    const own = wordsOf(member.name);
    return own.length > 0 && (within(own, words) || within(words, own));
  });
  return matches.length === 1 ? matches[0] : null;
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
  // The staff member the typed name matches, until one is chosen by hand.
  let chosenByHand = false;
  member.addEventListener('change', () => {
    chosenByHand = true;
  });
  name.addEventListener('input', () => {
    if (chosenByHand) return;
    member.value = String(matchingMember(staff, name.value)?.id ?? '');
  });
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
