// One staff member (#staff/ID): details, the services they do, weekly hours and breaks, time off,
// and taking them off the booking list. Each part saves on its own and says so.

import { facts, h, isolate, listOf } from '../../dom.js';
import { t } from '../../locale.js';
import { STAFF_STATUS, statusBadge } from '../../ui/badge.js';
import { formPanel } from '../../ui/fields.js';
import { messageArea, notice } from '../../ui/notice.js';
import { itemPage } from '../../ui/pages.js';
import { activeSwitch } from '../../ui/switch.js';
import { weekEditor } from '../../ui/week-editor.js';
import { memberActions } from './actions.js';
import { detailFields, mayChangeStaff, serviceChoice, weekText } from './fields.js';
import { timeOffSection } from './time-off.js';

/** The member as last saved, and the heading and badge that show it. */
function memberState(first) {
  let member = first;
  const title = h('h2', null, isolate(member.name));
  const badge = h('span', null, statusBadge(STAFF_STATUS, member.active));
  const saved = (answer) => {
    member = answer;
    title.replaceChildren(isolate(member.name));
    badge.replaceChildren(statusBadge(STAFF_STATUS, member.active));
    return member;
  };
  return { member: () => member, saved, head: h('div', { class: 'view-head' }, title, badge) };
}

function forms(member, services, actions) {
  const details = detailFields(member);
  const choice = serviceChoice(services, member.serviceIds);
  // The setup's week (time pickers, a break, a day copied), on the hours saved (issue 27).
  const week = weekEditor('schedule', member.schedule, {
    breaks: true,
    picked: { legend: t('Working hours'), dayLabel: t('Works on'), stored: true },
  });
  return [
    formPanel('staff-details', t('Details'), null, details.element, t('Save details'), (messages) =>
      actions.saveDetails(messages, details.read()),
    ),
    formPanel('staff-services', t('Services'), t('Clients can book them for these.'), choice.element, t('Save services'), (messages) =>
      actions.saveServices(messages, choice.read()),
    ),
    formPanel('staff-schedule', t('Weekly hours and breaks'), null, week.element, t('Save weekly hours'), (messages) =>
      actions.saveSchedule(messages, week.read()),
    ),
  ];
}

function bookingList(state, actions) {
  const messages = messageArea();
  const toggle = activeSwitch({
    active: state.member().active,
    labels: [t('Take off the booking list'), t('Put back on the booking list')],
    busyLabel: () => t('Saving…'),
    ask: () => ({
      title: t('Take {name} off the booking list?', { name: isolate(state.member().name) }),
      text: t(
        'Clients can no longer book them and they are not listed on the website. Bookings already made stay as they are. You can put them back later.',
      ),
      confirmLabel: t('Take off the list'),
    }),
    save: (active) => actions.setActive(messages, active),
    messages,
  });
  return h(
    'section',
    { class: 'panel danger-zone', 'aria-label': t('Booking list') },
    messages,
    h('div', { class: 'actions' }, toggle.element),
  );
}

/** What the front desk sees of a staff member: the same facts, none of the owner's forms. */
function readOnlyFacts(member, services) {
  const names = new Map(services.map((s) => [s.id, s.name]));
  return h(
    'section',
    { class: 'panel staff-facts', 'aria-label': t('Details') },
    notice('note', t('Only the salon’s owner changes a staff member’s details, services and weekly hours. You can enter their time off.')),
    facts([
      [t('Title'), member.title ? isolate(member.title) : null],
      [t('E-mail address'), member.email ? isolate(member.email) : null],
      [t('Phone'), member.phone ? isolate(member.phone) : null],
      [t('Does'), listOf(member.serviceIds.map((sid) => names.get(sid)).filter(Boolean)) ?? t('No services yet')],
      [t('Works'), weekText(member.schedule)],
    ]),
  );
}

export async function renderMember(ctx, id) {
  const [member, services] = await Promise.all([ctx.api.call('adminGetStaffMember', { id }), ctx.api.list('adminListServices')]);
  const state = memberState(member);
  // The front desk reads what the owner changes (the server refuses it the forms); time off is theirs too.
  const changes = mayChangeStaff(ctx);
  const actions = changes ? memberActions(ctx, { ...state, services }) : null;
  const timeOff = timeOffSection(ctx, member);
  await timeOff.load();
  return itemPage(
    { class: 'staff-edit', 'data-staff-id': member.id },
    ['#staff', t('← All staff')],
    state.head,
    h('div', { class: 'message-area' }, ctx.flash),
    changes ? forms(member, services, actions) : readOnlyFacts(member, services),
    timeOff.element,
    changes ? bookingList(state, actions) : null,
  );
}
