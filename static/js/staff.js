// Staff: the list (#staff), a new staff member (#staff/new) and one of them (#staff/ID): contact
// details, the services they do, weekly hours and breaks, and time off with the bookings it overlaps.

import { api, businessPath } from './api.js';
import { busy, confirmAction, errorNotice, facts, h, isolate, listOf, notice } from './dom.js';
import {
  checkbox,
  field,
  flashNext,
  formPanel,
  input,
  overlapNotice,
  periodText,
  rangesText,
  say,
  showProblems,
  takeFlash,
  textOrNull,
  weekEditor,
} from './forms.js';
import { todayIn, WEEKDAYS, zonedIso } from './salon-time.js';

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

function activeBadge(member) {
  return member.active
    ? h('span', { class: 'badge good' }, 'Takes bookings')
    : h('span', { class: 'badge neutral' }, 'Not taking bookings');
}

function staffCard(member, serviceNames) {
  return h(
    'article',
    { class: `card staff${member.active ? '' : ' inactive'}`, 'data-staff-id': member.id },
    h('header', null, h('h3', null, h('a', { href: `#staff/${member.id}` }, isolate(member.name))), activeBadge(member)),
    facts([
      ['Title', member.title ? isolate(member.title) : null],
      ['Does', listOf(member.serviceIds.map((id) => serviceNames.get(id)).filter(Boolean)) ?? 'No services yet'],
      ['Works', weekText(member.schedule)],
    ]),
  );
}

async function renderList(ctx) {
  const base = businessPath(ctx.business);
  const [staff, services] = await Promise.all([api(`${base}/staff`), api(`${base}/services`)]);
  const names = new Map(services.data.map((s) => [s.id, s.name]));
  const sorted = [...staff.data].sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name));
  return h(
    'div',
    { class: 'staff-list' },
    h('div', { class: 'view-head' }, h('h2', null, 'Staff'), h('a', { class: 'button primary', href: '#staff/new' }, 'Add a staff member')),
    h('p', { class: 'intro' }, 'Who works when, what each of them does, and their days off.'),
    h('div', { class: 'message-area' }, takeFlash()),
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
  const base = businessPath(ctx.business);
  const services = (await api(`${base}/services`)).data;
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
        const made = await api(`${base}/staff`, { method: 'POST', body: { ...body, schedule: schedule.value, serviceIds: choice.read() } });
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

/** The time-off list and its form (add, or change the one picked from the list). */
function timeOffSection(ctx, member) {
  const zone = ctx.business.timezone;
  const url = `${businessPath(ctx.business)}/staff/${member.id}/time-off`;
  const list = h('ul', { class: 'list-plain time-off-list' });
  const listMessages = h('div', { class: 'message-area' });
  const messages = h('div', { class: 'message-area' });
  let editing = null;

  const today = todayIn(zone);
  const kindDays = h('input', { type: 'radio', id: 'time-off-days', name: 'time-off-kind', value: 'days', checked: true });
  const kindHours = h('input', { type: 'radio', id: 'time-off-hours', name: 'time-off-kind', value: 'hours' });
  const firstDay = input('time-off-first', { type: 'date', value: today });
  const lastDay = input('time-off-last', { type: 'date', value: today });
  const day = input('time-off-day', { type: 'date', value: today });
  const from = input('time-off-from', { type: 'time', value: '09:00' });
  const until = input('time-off-until', { type: 'time', value: '12:00' });
  const note = input('time-off-note', { maxlength: 500, placeholder: 'e.g. Holiday, doctor' });
  const daysFields = h('div', { class: 'field-row' }, field('First day', firstDay), field('Last day', lastDay));
  const hoursFields = h('div', { class: 'field-row three', hidden: true }, field('Day', day), field('From', from), field('Until', until));
  const heading = h('h3', { id: 'time-off-form-heading' }, 'Add time off');
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Add time off');
  const cancel = h('button', { type: 'button', hidden: true }, 'Cancel change');

  const syncKind = () => {
    daysFields.hidden = !kindDays.checked;
    hoursFields.hidden = kindDays.checked;
  };
  const form = h(
    'form',
    { class: 'panel edit-form', id: 'time-off-form', novalidate: true, 'aria-labelledby': 'time-off-form-heading' },
    heading,
    h(
      'fieldset',
      { class: 'inline-choice' },
      h('legend', null, 'Away for'),
      h('div', { class: 'choice' }, kindDays, h('label', { for: 'time-off-days' }, 'Whole days')),
      h('div', { class: 'choice' }, kindHours, h('label', { for: 'time-off-hours' }, 'Part of a day')),
    ),
    daysFields,
    hoursFields,
    field('Note (optional)', note),
    messages,
    h('div', { class: 'actions' }, submit, cancel),
  );
  form.addEventListener('change', (event) => {
    if (event.target.name === 'time-off-kind') syncKind();
  });

  const startEditing = (item) => {
    editing = item;
    const partOfDay = item.allDay === false;
    kindDays.checked = !partOfDay;
    kindHours.checked = partOfDay;
    if (partOfDay) {
      day.value = item.startTime.slice(0, 10);
      from.value = item.startTime.slice(11, 16);
      until.value = item.endTime.slice(11, 16);
    } else {
      firstDay.value = item.startDate;
      lastDay.value = item.endDate;
    }
    note.value = item.note ?? '';
    syncKind();
    heading.textContent = `Change time off: ${periodText(item)}`;
    submit.textContent = 'Save time off';
    cancel.hidden = false;
    messages.replaceChildren();
    form.scrollIntoView({ block: 'start' });
    (partOfDay ? day : firstDay).focus({ preventScroll: true });
  };
  const stopEditing = () => {
    editing = null;
    heading.textContent = 'Add time off';
    submit.textContent = 'Add time off';
    cancel.hidden = true;
    note.value = '';
  };
  cancel.addEventListener('click', () => {
    stopEditing();
    messages.replaceChildren();
  });

  const load = async () => {
    const items = (await api(url)).data;
    list.replaceChildren(
      ...(items.length === 0
        ? [h('li', { class: 'empty' }, 'No time off planned.')]
        : items.map((item) => {
            const change = h('button', { type: 'button', onclick: () => startEditing(item) }, 'Change');
            const remove = h('button', { type: 'button', class: 'danger' }, 'Remove');
            remove.addEventListener('click', async () => {
              const sure = await confirmAction({
                title: 'Remove this time off?',
                text: [isolate(member.name), ` will be bookable again ${periodText(item)} (within their weekly hours).`],
                confirmLabel: 'Remove time off',
                danger: true,
              });
              if (!sure) return;
              await busy(remove, 'Removing…', async () => {
                try {
                  await api(`${url}/${item.id}`, { method: 'DELETE' });
                  if (editing?.id === item.id) stopEditing();
                  say(listMessages, 'good', `Removed the time off ${periodText(item)}.`);
                  await load();
                } catch (error) {
                  listMessages.replaceChildren(errorNotice(error));
                }
              });
            });
            return h(
              'li',
              { class: 'row-item', 'data-time-off-id': item.id },
              h('span', { class: 'what' }, h('strong', null, periodText(item)), item.note ? [' · ', isolate(item.note)] : null),
              h('span', { class: 'actions' }, change, remove),
            );
          })),
    );
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const problems = [];
    let body;
    if (kindDays.checked) {
      if (!firstDay.value) problems.push('Choose the first day away.');
      body = { allDay: true, startDate: firstDay.value, endDate: lastDay.value || firstDay.value };
      if (body.endDate < body.startDate) problems.push('The last day is before the first day.');
    } else {
      if (!day.value || !from.value || !until.value) problems.push('Choose the day and the times.');
      else if (until.value <= from.value) problems.push('“Until” must be later than “From”.');
      else body = { allDay: false, startTime: zonedIso(day.value, from.value, zone), endTime: zonedIso(day.value, until.value, zone) };
    }
    if (showProblems(messages, problems)) return;
    body.note = note.value.trim();
    busy(submit, 'Saving…', async () => {
      try {
        const saved = await api(editing ? `${url}/${editing.id}` : url, { method: editing ? 'PATCH' : 'POST', body });
        const what = [`${editing ? 'Changed' : 'Added'} time off for `, isolate(member.name), `: ${periodText(saved)}.`];
        messages.replaceChildren(notice('good', what), ...[overlapNotice(saved.overlappingBookings, 'It')].filter(Boolean));
        stopEditing();
        await load();
      } catch (error) {
        messages.replaceChildren(errorNotice(error));
      }
    });
  });

  const element = h(
    'section',
    { class: 'time-off', 'aria-labelledby': 'time-off-heading' },
    h(
      'div',
      { class: 'panel' },
      h('h3', { id: 'time-off-heading' }, 'Time off'),
      h('p', { class: 'hint' }, 'Holidays, sick days, appointments: nobody can book them then. Bookings already made stay booked.'),
      listMessages,
      list,
    ),
    form,
  );
  return { element, load };
}

async function renderOne(ctx, id) {
  const base = businessPath(ctx.business);
  const url = `${base}/staff/${id}`;
  let [member, services] = await Promise.all([api(url), api(`${base}/services`).then((r) => r.data)]);
  const title = h('h2', null, isolate(member.name));
  const badge = h('span', null, activeBadge(member));

  const details = detailFields(member);
  const detailsForm = formPanel('staff-details', 'Details', null, details.element, 'Save details', async (messages) => {
    const body = details.read();
    if (showProblems(messages, body.name ? [] : ['Give the staff member a name.'])) return;
    const changed = Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== member[key]));
    if (Object.keys(changed).length === 0) return say(messages, 'good', 'Nothing to save: no field was changed.');
    member = await api(url, { method: 'PATCH', body: changed });
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
      member = await api(`${url}/services`, { method: 'PUT', body: { serviceIds: choice.read() } });
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
      member = await api(`${url}/schedule`, { method: 'PUT', body: schedule.value });
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
        member = await api(url, { method: 'PATCH', body: { active: !turningOff } });
        badge.replaceChildren(activeBadge(member));
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
    h('div', { class: 'message-area' }, takeFlash()),
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
