// What the page calls the roles and an account's statuses, and what each role may do, in one line
// each (docs/security.md has the whole table).

import { h } from '../../dom.js';
import { marked, t } from '../../locale.js';
import { statusBadge } from '../../ui/badge.js';

/** The roles in the order the forms offer them: [role, name, what it may do]. */
export const ROLES = [
  ['owner', marked('Owner'), marked('Everything: settings, services and staff, reports, connections and people.')],
  [
    'front_desk',
    marked('Front desk'),
    marked('The calendar, bookings, clients, payments, reviews and the inbox; not settings, reports or connections.'),
  ],
  ['stylist', marked('Stylist'), marked('One staff member: their own bookings (completed or a no-show) and their own time off.')],
];

/** "Front desk" for front_desk; an unknown role as it is. */
export function roleName(role) {
  const found = ROLES.find(([value]) => value === role);
  return found ? t(found[1]) : role;
}

const ACCOUNT_STATUS = {
  invited: [marked('Invited'), 'warn'],
  active: [marked('Active'), 'good'],
  switched_off: [marked('Switched off'), 'neutral'],
};

export const accountBadge = (status) => statusBadge(ACCOUNT_STATUS, status);

/** A select of the salon's staff (for a stylist): `id` of the control, `chosen` the staff id or null. */
export function staffSelect(id, staff, chosen) {
  return h(
    'select',
    { id, name: id },
    h('option', { value: '' }, t('Choose a staff member')),
    staff.map((member) => h('option', { value: String(member.id), selected: member.id === chosen }, member.name)),
  );
}

/** A select of the three roles. */
export function roleSelect(id, chosen) {
  return h(
    'select',
    { id, name: id },
    ROLES.map(([value, name]) => h('option', { value, selected: value === chosen }, t(name))),
  );
}
