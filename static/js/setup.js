// The first-run setup (#setup): the salon (name, time zone, opening hours), its first services,
// the first staff member with weekly hours and services, then the next step: the salon's booking
// page, with the line that shows it on the salon's website (no key in it). Which step shows follows from what the
// server already has, so the setup can be left and picked up again; #setup/services etc. go back.

import { api, businessPath } from './api.js';
import { field } from './booking-form.js';
import { bookingPageShare, loadBookingPage } from './booking-page-settings.js';
import { busy, errorNotice, h, isolate, notice, quoted } from './dom.js';
import { money, parseMoney } from './forms.js';
import { browserTimeZone, timeZones, WEEKDAYS } from './salon-time.js';

const STEPS = [
  ['salon', 'Your salon'],
  ['services', 'Services'],
  ['staff', 'Staff'],
  ['widget', 'Website'],
];

/** The first step the server does not have yet. */
function nextStep(business, services, staff) {
  if (!business) return 'salon';
  if (services.length === 0) return 'services';
  if (staff.filter((s) => s.active).length === 0) return 'staff';
  return 'widget';
}

const DEFAULT_OPEN = { start: '09:00', end: '18:00' };

/**
 * A week of hours: per day a checkbox ("Open on Monday" for the salon, "Works on Monday" for a
 * staff member: `dayLabel`) and from–to times, and optionally a break.
 * `value()` gives { mon: [{start, end}], … } or, with breaks, { mon: {hours, breaks}, … }.
 */
function weekEditor(prefix, initial, { withBreaks = false, legend, dayLabel = 'Open on' }) {
  const rows = WEEKDAYS.map(([key, name]) => {
    const ranges = initial?.[key] ?? [];
    const first = ranges[0];
    const open = h('input', { type: 'checkbox', id: `${prefix}-${key}-open`, checked: Boolean(first) });
    const start = h('input', { type: 'time', id: `${prefix}-${key}-start`, value: first?.start ?? DEFAULT_OPEN.start, step: '900' });
    const end = h('input', { type: 'time', id: `${prefix}-${key}-end`, value: first?.end ?? DEFAULT_OPEN.end, step: '900' });
    const breakStart = withBreaks ? h('input', { type: 'time', id: `${prefix}-${key}-break-start`, step: '300' }) : null;
    const breakEnd = withBreaks ? h('input', { type: 'time', id: `${prefix}-${key}-break-end`, step: '300' }) : null;
    const times = h(
      'div',
      { class: 'day-times' },
      h('label', { htmlFor: start.id }, `${name} from`),
      start,
      h('label', { htmlFor: end.id }, `${name} until`),
      end,
      withBreaks
        ? [
            h('label', { htmlFor: breakStart.id }, `${name} break from`),
            breakStart,
            h('label', { htmlFor: breakEnd.id }, `${name} break until`),
            breakEnd,
          ]
        : null,
    );
    const sync = () => {
      times.hidden = !open.checked;
    };
    open.addEventListener('change', sync);
    sync();
    return {
      key,
      name,
      open,
      start,
      end,
      breakStart,
      breakEnd,
      el: h('div', { class: 'day' }, h('div', { class: 'choice' }, open, h('label', { htmlFor: open.id }, `${dayLabel} ${name}`)), times),
    };
  });
  return {
    el: h(
      'fieldset',
      { class: 'week' },
      h('legend', null, legend),
      rows.map((r) => r.el),
    ),
    /** The hours, or a sentence naming what is wrong. */
    value() {
      const out = {};
      for (const r of rows) {
        if (!r.open.checked) {
          out[r.key] = withBreaks ? { hours: [], breaks: [] } : [];
          continue;
        }
        if (!r.start.value || !r.end.value || r.start.value >= r.end.value)
          return { error: `${r.name}: the closing time must come after the opening time.` };
        const hours = [{ start: r.start.value, end: r.end.value }];
        if (!withBreaks) {
          out[r.key] = hours;
          continue;
        }
        const breaks = [];
        if (r.breakStart.value || r.breakEnd.value) {
          if (!r.breakStart.value || !r.breakEnd.value || r.breakStart.value >= r.breakEnd.value) {
            return { error: `${r.name}: give the break a start and a later end, or leave both empty.` };
          }
          breaks.push({ start: r.breakStart.value, end: r.breakEnd.value });
        }
        out[r.key] = { hours, breaks };
      }
      return { hours: out };
    },
  };
}

function progress(current, done) {
  return h(
    'ol',
    { class: 'steps', 'aria-label': 'Setup steps' },
    STEPS.map(([key, label], i) =>
      h(
        'li',
        { class: done.includes(key) ? 'done' : null, 'aria-current': key === current ? 'step' : null },
        done.includes(key) || key === current ? h('a', { href: `#setup/${key}` }, `${i + 1}. ${label}`) : `${i + 1}. ${label}`,
      ),
    ),
  );
}

function salonStep(ctx, message) {
  const business = ctx.business;
  const name = h('input', {
    id: 'setup-name',
    type: 'text',
    required: true,
    maxlength: '200',
    autocomplete: 'organization',
    value: business?.name ?? '',
  });
  const detected = business?.timezone ?? browserTimeZone();
  const zone = h(
    'select',
    { id: 'setup-timezone' },
    timeZones(detected).map((z) => h('option', { value: z, selected: z === detected }, z)),
  );
  const hours = weekEditor(
    'open',
    business?.workingHours ?? {
      mon: [DEFAULT_OPEN],
      tue: [DEFAULT_OPEN],
      wed: [DEFAULT_OPEN],
      thu: [DEFAULT_OPEN],
      fri: [DEFAULT_OPEN],
      sat: [DEFAULT_OPEN],
    },
    {
      legend: 'Opening hours',
    },
  );
  const submit = h('button', { type: 'submit', class: 'primary' }, business ? 'Save and continue' : 'Create the salon');
  const form = h(
    'form',
    { class: 'card setup-form', novalidate: true },
    h('h3', null, 'Your salon'),
    field('Salon name', name),
    field('Time zone', zone, `Detected from this device: ${browserTimeZone()}. Appointments are in the salon’s time zone.`),
    hours.el,
    h('div', { class: 'actions' }, submit),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const week = hours.value();
    if (!name.value.trim()) return message.replaceChildren(notice('error', 'Type the salon’s name.'));
    if (week.error) return message.replaceChildren(notice('error', week.error));
    await busy(submit, 'Saving…', async () => {
      try {
        let id = business?.id;
        if (!id) id = (await api('/businesses', { method: 'POST', body: { name: name.value.trim(), timezone: zone.value } })).id;
        await api(`/businesses/${id}`, {
          method: 'PATCH',
          body: { name: name.value.trim(), timezone: zone.value, workingHours: week.hours },
        });
        await ctx.reloadBusinesses(id);
        goTo('services');
      } catch (error) {
        message.replaceChildren(errorNotice(error));
      }
    });
  });
  return form;
}

function servicesStep(ctx, message, services) {
  const base = businessPath(ctx.business);
  const name = h('input', { id: 'service-name', type: 'text', maxlength: '200', autocomplete: 'off' });
  const duration = h('input', { id: 'service-duration', type: 'number', min: '5', max: '720', step: '5', value: '45' });
  const price = h('input', { id: 'service-price', type: 'text', inputmode: 'decimal' });
  const add = h('button', { type: 'submit' }, 'Add service');
  const form = h(
    'form',
    { class: 'card setup-form', novalidate: true },
    h('h3', null, 'Services'),
    h(
      'p',
      { class: 'intro' },
      'What clients can book: a name, how long it takes and what it costs. Add one at a time; more can follow later.',
    ),
    services.length
      ? h(
          'ul',
          { class: 'setup-list', 'aria-label': 'Services so far' },
          services.map((s) => h('li', null, isolate(s.name), `: ${s.durationMinutes} min, ${money(s.price, s.currency)}`)),
        )
      : null,
    h(
      'div',
      { class: 'field-row' },
      field('Service name', name),
      field('Duration in minutes', duration),
      field(`Price (${ctx.business.currency})`, price),
    ),
    h(
      'div',
      { class: 'actions' },
      add,
      services.length ? h('a', { class: 'button primary', href: '#setup/staff' }, 'Continue to staff') : null,
    ),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const minutes = Number(duration.value);
    const minor = parseMoney(price.value || '0', ctx.business.currency);
    const problems = [];
    if (!name.value.trim()) problems.push('Type the service’s name.');
    if (!Number.isInteger(minutes) || minutes < 5 || minutes > 720) problems.push('The duration is whole minutes, from 5 to 720.');
    if (minor === undefined) problems.push('Type the price as a number, for example 35 or 35.50.');
    if (problems.length) return message.replaceChildren(notice('error', problems.join(' ')));
    await busy(add, 'Adding…', async () => {
      try {
        const service = await api(`${base}/services`, {
          method: 'POST',
          body: { name: name.value.trim(), durationMinutes: minutes, price: minor },
        });
        flash = ['Added ', quoted(service.name), '.'];
        goTo('services'); // stay here: more services can follow
      } catch (error) {
        message.replaceChildren(errorNotice(error));
      }
    });
  });
  return form;
}

function staffStep(ctx, message, services, staff) {
  const base = businessPath(ctx.business);
  const name = h('input', { id: 'staff-name', type: 'text', maxlength: '200', autocomplete: 'off' });
  const hours = weekEditor('works', ctx.business.workingHours, { withBreaks: true, legend: 'Working hours', dayLabel: 'Works on' });
  const performs = services.map((s) => h('input', { type: 'checkbox', id: `does-${s.id}`, value: String(s.id), checked: true }));
  const add = h('button', { type: 'submit', class: staff.length ? null : 'primary' }, 'Add staff member');
  const form = h(
    'form',
    { class: 'card setup-form', novalidate: true },
    h('h3', null, 'Staff'),
    h(
      'p',
      { class: 'intro' },
      'Who does the work, when they work, and which services they do. The hours start as the salon’s opening hours.',
    ),
    staff.length
      ? h(
          'ul',
          { class: 'setup-list', 'aria-label': 'Staff so far' },
          staff.map((s) => h('li', null, isolate(s.name))),
        )
      : null,
    field('Staff member’s name', name),
    hours.el,
    h(
      'fieldset',
      null,
      h('legend', null, 'Services they do'),
      services.map((s, i) => h('div', { class: 'choice' }, performs[i], h('label', { htmlFor: performs[i].id }, s.name))),
    ),
    h('div', { class: 'actions' }, add, staff.length ? h('a', { class: 'button primary', href: '#setup/widget' }, 'Continue') : null),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const week = hours.value();
    const serviceIds = performs.filter((c) => c.checked).map((c) => Number(c.value));
    if (!name.value.trim()) return message.replaceChildren(notice('error', 'Type the staff member’s name.'));
    if (week.error) return message.replaceChildren(notice('error', week.error));
    if (serviceIds.length === 0) return message.replaceChildren(notice('error', 'Tick at least one service they do.'));
    await busy(add, 'Adding…', async () => {
      try {
        const member = await api(`${base}/staff`, { method: 'POST', body: { name: name.value.trim(), schedule: week.hours, serviceIds } });
        flash = ['Added ', isolate(member.name), '.'];
        goTo(staff.length === 0 ? 'widget' : 'staff');
      } catch (error) {
        message.replaceChildren(errorNotice(error));
      }
    });
  });
  return form;
}

/** The last step: the booking page, and the line that shows it on the salon's website. */
async function widgetStep(ctx) {
  const settings = await loadBookingPage(ctx);
  return h(
    'section',
    { class: 'card setup-form', 'aria-labelledby': 'setup-website-heading' },
    h('h3', { id: 'setup-website-heading' }, 'Next: bookings from your website'),
    notice('good', 'The salon is ready: services and staff are in. Clients can be booked on the calendar now.'),
    h(
      'p',
      null,
      'Your clients can book themselves on your booking page: share its address or QR code, or show it on your website with the line below.',
    ),
    bookingPageShare(settings),
    h('p', { class: 'hint' }, 'Its address, language, colour, logo and cancellation policy can be changed in Settings.'),
    h('div', { class: 'actions' }, h('a', { class: 'button', href: '#calendar' }, 'Go to the calendar')),
  );
}

let flash = null;
const goTo = (step) => {
  if (location.hash === `#setup/${step}`) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = `#setup/${step}`;
};

export async function renderSetup(ctx, id) {
  const base = ctx.business ? businessPath(ctx.business) : null;
  const [services, staff] = base
    ? await Promise.all([api(`${base}/services`).then((a) => a.data), api(`${base}/staff`).then((a) => a.data)])
    : [[], []];
  const next = nextStep(ctx.business, services, staff);
  const order = STEPS.map(([key]) => key);
  // A step after the next one to do cannot be shown yet; an earlier one can be looked at again.
  const step = order.includes(id) && order.indexOf(id) <= order.indexOf(next) ? id : next;
  const done = order.slice(0, order.indexOf(next));

  const message = h('div', { class: 'message-area', role: 'alert' });
  const good = h('div', { class: 'message-area', role: 'status' });
  if (flash) good.append(notice('good', flash));
  flash = null;

  let body;
  if (step === 'salon') body = salonStep(ctx, message);
  else if (step === 'services') body = servicesStep(ctx, message, services);
  else if (step === 'staff') body = staffStep(ctx, message, services, staff);
  else body = await widgetStep(ctx);

  return h(
    'section',
    { class: 'setup' },
    h('div', { class: 'view-head' }, h('h2', null, ctx.business ? 'Set up the salon' : 'Welcome: set up your salon')),
    ctx.business ? null : h('p', { class: 'intro' }, 'Four short steps and the salon can take bookings.'),
    progress(step, done),
    good,
    message,
    body,
  );
}
