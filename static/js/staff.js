// Staff: the list (#staff), a new staff member (#staff/new) and one of them (#staff/ID): contact
// details, the services they do, weekly hours and breaks, and time off with the bookings it overlaps.

import { busy, confirmAction, facts, h, isolate, listOf } from './dom.js';
import { WEEKDAYS } from './salon-time.js';
import { STAFF_STATUS, statusBadge } from './ui/badge.js';
import { checkbox, field, formPanel, input, textOrNull } from './ui/fields.js';
import { errorNotice, flashNext, say, showProblems } from './ui/notice.js';
import { periodEditor, periodText } from './ui/period-editor.js';
import { rangesText, weekEditor } from './ui/week-editor.js';

const EMPTY_WEEK = Object.fromEntries(WEEKDAYS.map(([day]) => [day, { hours: [], breaks: [] }]));
const WORKDAY = { hours: [{ start: '09:00', end: '18:00' }], breaks: [] };

/** "Mon 09:00–18:00 (break 13:00–13:30) · Tue …" */
function weekText(schedule) {
  const days = WEEKDAYS.filter(([day]) => schedule[day]?.hours.length).map(([day, name]) => {
    const { hours, breaks } = schedule[day];
    return `${name.slice(0, 3)} ${rangesText(hours)}${breaks.length ? ` (break ${rangesText(breaks)})` : ''}`;
  });
  return days.length ? days.join(' · ') : 'No working hours yet';
}

function staffCard(member, serviceNames) {
  return h(
    'article',
    { class: `card staff${member.active ? '' : ' inactive'}`, 'data-staff-id': member.id },
    h(
      'header',
      null,
      h('h3', null, h('a', { href: `#staff/${member.id}` }, isolate(member.name))),
      statusBadge(STAFF_STATUS, member.active),
    ),
    facts([
      ['Title', member.title ? isolate(member.title) : null],
      ['Does', listOf(member.serviceIds.map((id) => serviceNames.get(id)).filter(Boolean)) ?? 'No services yet'],
      ['Works', weekText(member.schedule)],
    ]),
  );
}

async function renderList(ctx) {
  const [staff, services] = await Promise.all([ctx.api.call('adminListStaff'), ctx.api.call('adminListServices')]);
  const names = new Map(services.data.map((s) => [s.id, s.name]));
  const sorted = [...staff.data].sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name));
  return h(
    'div',
    { class: 'staff-list' },
    h('div', { class: 'view-head' }, h('h2', null, 'Staff'), h('a', { class: 'button primary', href: '#staff/new' }, 'Add a staff member')),
    h('p', { class: 'intro' }, 'Who works when, what each of them does, and their days off.'),
    h('div', { class: 'message-area' }, ctx.flash),
    sorted.length === 0
      ? h('p', { class: 'empty' }, 'No staff yet. Add the first one with their weekly hours and the services they do.')
      : h(
          'div',
          { class: 'cards' },
          sorted.map((m) => staffCard(m, names)),
        ),
  );
}

/** Name, title, e-mail and phone. */
function detailFields(member) {
  const name = input('staff-name', { value: member?.name ?? '', required: true, maxlength: 200 });
  const title = input('staff-title', { value: member?.title ?? '', maxlength: 100, placeholder: 'e.g. Senior stylist' });
  const email = input('staff-email', { type: 'email', value: member?.email ?? '', maxlength: 254, autocomplete: 'off' });
  const phone = input('staff-phone', { type: 'tel', value: member?.phone ?? '', maxlength: 50 });
  const element = h(
    'div',
    { class: 'edit-fields' },
    field('Name', name),
    field('Title (optional)', title, 'Shown to clients next to the name.'),
    h('div', { class: 'field-row' }, field('E-mail (optional)', email), field('Phone (optional)', phone)),
  );
  const read = () => ({ name: name.value.trim(), title: textOrNull(title), email: textOrNull(email), phone: textOrNull(phone) });
  return { element, read, focus: () => name.focus() };
}

/** A checkbox per service. */
function serviceChoice(services, chosen) {
  const element = h(
    'fieldset',
    { class: 'choice-list' },
    h('legend', null, 'Services they do'),
    services.length === 0
      ? h('p', { class: 'empty' }, 'No services yet: add them under Services first.')
      : services.map((s) =>
          checkbox(`staff-service-${s.id}`, s.active ? s.name : `${s.name} (switched off)`, chosen.includes(s.id), { value: String(s.id) }),
        ),
  );
  const read = () => [...element.querySelectorAll('input:checked')].map((box) => Number(box.value));
  return { element, read };
}

const HOURS_HINT = 'Times as 09:00–18:00, several separated by commas; leave a day empty for a day off.';

async function renderNew(ctx) {
  const services = await ctx.api.list('adminListServices');
  const details = detailFields(undefined);
  const choice = serviceChoice(services, []);
  const week = weekEditor(
    'new-staff',
    { ...EMPTY_WEEK, ...Object.fromEntries(WEEKDAYS.slice(0, 5).map(([d]) => [d, WORKDAY])) },
    { breaks: true },
  );
  const messages = h('div', { class: 'message-area' });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Add staff member');
  const form = h(
    'form',
    { class: 'panel edit-form', novalidate: true },
    details.element,
    choice.element,
    h('fieldset', null, h('legend', null, 'Weekly hours and breaks'), h('p', { class: 'hint' }, HOURS_HINT), week.element),
    messages,
    h('div', { class: 'actions' }, submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const body = details.read();
    const schedule = week.read();
    const problems = [];
    if (!body.name) problems.push('Give the staff member a name.');
    if (schedule.problem) problems.push(schedule.problem);
    if (showProblems(messages, problems)) return;
    for (const key of ['title', 'email', 'phone']) if (body[key] === null) delete body[key];
    busy(submit, 'Adding…', async () => {
      try {
        const made = await ctx.api.call('adminCreateStaff', { body: { ...body, schedule: schedule.value, serviceIds: choice.read() } });
        flashNext('good', ['Added ', isolate(made.name), '. Add their days off on their page when they have some.']);
        location.hash = `#staff/${made.id}`;
      } catch (error) {
        messages.replaceChildren(errorNotice(error));
      }
    });
  });
  return h(
    'div',
    { class: 'staff-edit' },
    h('p', { class: 'back' }, h('a', { href: '#staff' }, '← All staff')),
    h('h2', null, 'New staff member'),
    form,
  );
}

/** A staff member's time off: the list, and the form that adds or changes one (whole days or part of one). */
function timeOffSection(ctx, member) {
  const staffId = member.id;
  return periodEditor({
    id: 'time-off',
    zone: ctx.business.timezone,
    partOfDay: true,
    section: {
      class: 'time-off',
      heading: 'Time off',
      hint: 'Holidays, sick days, appointments: nobody can book them then. Bookings already made stay booked.',
    },
    words: {
      add: 'Add time off',
      addButton: 'Add time off',
      change: 'Change time off',
      saveButton: 'Save time off',
      empty: 'No time off planned.',
      notePlaceholder: 'e.g. Holiday, doctor',
      firstDay: 'First day',
      lastDay: 'Last day',
      noFirstDay: 'Choose the first day away.',
      lastBeforeFirst: 'The last day is before the first day.',
      saved: (item, changed) => [`${changed ? 'Changed' : 'Added'} time off for `, isolate(member.name), `: ${periodText(item)}.`],
      removing: (item) => ({
        title: 'Remove this time off?',
        text: [isolate(member.name), ` will be bookable again ${periodText(item)} (within their weekly hours).`],
        confirmLabel: 'Remove time off',
      }),
      removed: (item) => `Removed the time off ${periodText(item)}.`,
    },
    calls: {
      list: () => ctx.api.list('adminListTimeOff', { staffId }),
      create: (body) => ctx.api.call('adminCreateTimeOff', { staffId, body }),
      update: (id, body) => ctx.api.call('adminUpdateTimeOff', { staffId, id, body }),
      remove: (id) => ctx.api.call('adminDeleteTimeOff', { staffId, id }),
    },
  });
}

async function renderOne(ctx, id) {
  let [member, services] = await Promise.all([ctx.api.call('adminGetStaffMember', { id }), ctx.api.list('adminListServices')]);
  const title = h('h2', null, isolate(member.name));
  const badge = h('span', null, statusBadge(STAFF_STATUS, member.active));

  const details = detailFields(member);
  const detailsForm = formPanel('staff-details', 'Details', null, details.element, 'Save details', async (messages) => {
    const body = details.read();
    if (showProblems(messages, body.name ? [] : ['Give the staff member a name.'])) return;
    const changed = Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== member[key]));
    if (Object.keys(changed).length === 0) return say(messages, 'good', 'Nothing to save: no field was changed.');
    member = await ctx.api.call('adminUpdateStaffMember', { id, body: changed });
    title.replaceChildren(isolate(member.name));
    say(messages, 'good', ['Saved ', isolate(member.name), '’s details.']);
  });

  const choice = serviceChoice(services, member.serviceIds);
  const servicesForm = formPanel(
    'staff-services',
    'Services',
    'Clients can book them for these.',
    choice.element,
    'Save services',
    async (messages) => {
      member = await ctx.api.call('adminSetStaffServices', { id, body: { serviceIds: choice.read() } });
      const names = services.filter((s) => member.serviceIds.includes(s.id)).map((s) => s.name);
      say(
        messages,
        'good',
        names.length
          ? ['Saved: ', isolate(member.name), ' does ', listOf(names), '.']
          : ['Saved: ', isolate(member.name), ' does no services now, so nobody can book them.'],
      );
    },
  );

  const week = weekEditor('schedule', member.schedule, { breaks: true });
  const scheduleForm = formPanel(
    'staff-schedule',
    'Weekly hours and breaks',
    HOURS_HINT,
    week.element,
    'Save weekly hours',
    async (messages) => {
      const schedule = week.read();
      if (showProblems(messages, schedule.problem ? [schedule.problem] : [])) return;
      member = await ctx.api.call('adminSetStaffSchedule', { id, body: schedule.value });
      say(messages, 'good', ['Saved ', isolate(member.name), '’s weekly hours. Connected programs are told about the change.']);
    },
  );

  const timeOff = timeOffSection(ctx, member);
  await timeOff.load();

  const statusMessages = h('div', { class: 'message-area' });
  const toggle = h('button', { type: 'button' }, member.active ? 'Take off the booking list' : 'Put back on the booking list');
  toggle.addEventListener('click', async () => {
    const turningOff = member.active;
    if (
      turningOff &&
      !(await confirmAction({
        title: ['Take ', isolate(member.name), ' off the booking list?'],
        text: 'Clients can no longer book them and they are not listed on the website. Bookings already made stay as they are. You can put them back later.',
        confirmLabel: 'Take off the list',
      }))
    )
      return;
    await busy(toggle, 'Saving…', async () => {
      try {
        member = await ctx.api.call('adminUpdateStaffMember', { id, body: { active: !turningOff } });
        badge.replaceChildren(statusBadge(STAFF_STATUS, member.active));
        say(
          statusMessages,
          'good',
          member.active ? [isolate(member.name), ' takes bookings again.'] : [isolate(member.name), ' is off the booking list.'],
        );
      } catch (error) {
        statusMessages.replaceChildren(errorNotice(error));
      }
    });
    toggle.textContent = member.active ? 'Take off the booking list' : 'Put back on the booking list';
  });

  return h(
    'div',
    { class: 'staff-edit', 'data-staff-id': member.id },
    h('p', { class: 'back' }, h('a', { href: '#staff' }, '← All staff')),
    h('div', { class: 'view-head' }, title, badge),
    h('div', { class: 'message-area' }, ctx.flash),
    detailsForm,
    servicesForm,
    scheduleForm,
    timeOff.element,
    h('section', { class: 'panel danger-zone', 'aria-label': 'Booking list' }, statusMessages, h('div', { class: 'actions' }, toggle)),
  );
}

/** #staff, #staff/new, #staff/ID */
export function renderStaff(ctx, id) {
  if (id === 'new') return renderNew(ctx);
  if (/^\d+$/.test(id ?? '')) return renderOne(ctx, Number(id));
  return renderList(ctx);
}
