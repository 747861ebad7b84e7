// The staff (#staff): load the staff and the services' names, sorted with those who take bookings
// first, and a card each.

import { facts, h, isolate, listOf } from '../../dom.js';
import { t } from '../../locale.js';
import { STAFF_STATUS, statusBadge } from '../../ui/badge.js';
import { cardsOf, itemCard, viewPage } from '../../ui/pages.js';
import { mayChangeStaff, weekText } from './fields.js';

async function loadStaff(api) {
  const [staff, services] = await Promise.all([api.list('adminListStaff'), api.list('adminListServices')]);
  return {
    staff: [...staff].sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name)),
    serviceNames: new Map(services.map((s) => [s.id, s.name])),
  };
}

function staffCard(member, serviceNames) {
  return itemCard(
    { class: `card staff${member.active ? '' : ' inactive'}`, 'data-staff-id': member.id },
    h('a', { href: `#staff/${member.id}` }, isolate(member.name)),
    statusBadge(STAFF_STATUS, member.active),
    facts([
      [t('Title'), member.title ? isolate(member.title) : null],
      [t('Does'), listOf(member.serviceIds.map((id) => serviceNames.get(id)).filter(Boolean)) ?? t('No services yet')],
      [t('Works'), weekText(member.schedule)],
    ]),
  );
}

export async function renderStaffList(ctx) {
  const { staff, serviceNames } = await loadStaff(ctx.api);
  return viewPage(
    {
      class: 'staff-list',
      title: t('Staff'),
      beside: mayChangeStaff(ctx) ? h('a', { class: 'button primary', href: '#staff/new' }, t('Add a staff member')) : null,
      intro: t('Who works when, what each of them does, and their days off.'),
    },
    h('div', { class: 'message-area' }, ctx.flash),
    cardsOf(
      staff,
      (m) => staffCard(m, serviceNames),
      t('No staff yet. Add the first one with their weekly hours and the services they do.'),
    ),
  );
}
