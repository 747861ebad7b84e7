// Render: a card per person (name, e-mail address, role in words, the staff member a stylist is,
// the account's status) with its buttons, and the role editor when it is open.

import { button, facts, h, isolate } from '../../dom.js';
import { t } from '../../locale.js';
import { field } from '../../ui/fields.js';
import { messageArea, notice } from '../../ui/notice.js';
import { itemCard } from '../../ui/pages.js';
import { accountBadge, roleName, roleSelect, staffSelect } from './words.js';

/** The role editor of `person`: `save(button, messages, {role, staffId})`, `close()`. */
function roleEditor(person, staff, { save, close }, messages) {
  const role = roleSelect(`role-${person.id}`, person.role);
  const member = staffSelect(`staff-${person.id}`, staff, person.staffId);
  const memberField = field(t('Staff member'), member);
  const showMember = () => {
    memberField.hidden = role.value !== 'stylist';
  };
  role.addEventListener('change', showMember);
  showMember();
  const submit = h('button', { type: 'submit', class: 'primary' }, t('Save the role'));
  const form = h(
    'form',
    { class: 'edit-form role-editor', novalidate: true },
    field(t('Role'), role, t('A new role or staff member signs them out everywhere; they sign in again with their password.')),
    memberField,
    h('div', { class: 'actions' }, submit, button(t('Cancel'), close)),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const staffId = role.value === 'stylist' && member.value ? Number(member.value) : null;
    save(submit, messages, { role: role.value, staffId });
  });
  return form;
}

function personButtons(person, actions, messages) {
  const off = person.status === 'switched_off';
  return h(
    'div',
    { class: 'actions' },
    button(t('Change role'), () => actions.edit(person)),
    off ? null : button(t('New link'), (element) => actions.newLink(element, messages, person)),
    person.status === 'active' ? button(t('End all sessions'), (element) => actions.endSessions(element, messages, person)) : null,
    off
      ? button(t('Switch on'), (element) => actions.switchOn(element, messages, person))
      : button(t('Switch off'), (element) => actions.switchOff(element, messages, person), 'danger'),
    h('a', { href: `#people/${person.id}`, class: 'button history-link' }, t('History')),
  );
}

/**
 * One person's card; `said` is the sentence the last action on them left ({kind, text}), if any;
 * `mine`: it is the account signed in on this page.
 */
export function personCard(person, { staff, editing, said, mine, actions }) {
  const messages = messageArea({}, said ? notice(said.kind, said.text) : null);
  const member = staff.find((s) => s.id === person.staffId);
  return itemCard(
    { class: `card person ${person.status}`, 'data-person-id': person.id },
    mine ? [isolate(person.name), ' ', h('span', { class: 'hint' }, t('(you)'))] : isolate(person.name),
    accountBadge(person.status),
    facts([
      [t('E-mail address'), isolate(person.email)],
      [t('Role'), roleName(person.role)],
      [t('Staff member'), person.staffId === null ? null : member ? isolate(member.name) : t('Staff member {id}', { id: person.staffId })],
    ]),
    messages,
    editing ? roleEditor(person, staff, actions.editor(person), messages) : personButtons(person, actions, messages),
  );
}
