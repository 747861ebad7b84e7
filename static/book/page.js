// The salon's booking page: service → who → time (held while the client types) → details → done.
// Load → state → render → actions, one step on screen at a time. It talks only to its own server's
// booking page endpoints (no key), addressed relative to the page, and tells a website that frames
// it (embed.js) how tall it is. Under the server's strict CSP: no inline code or style; the salon's
// colour is set through CSS custom properties from here.

import { addDays, formatsFor, localeFor } from './page-text.js';
import { h } from './shared/element.js';
import { browserLocale, marked, speakBesidePage, t, tn } from './shared/words.js';

const slug = decodeURIComponent(location.pathname.split('/').filter(Boolean).at(-1) ?? '');
const API = new URL(`../v1/booking-page/${encodeURIComponent(slug)}`, location.href).href;
const root = document.getElementById('page');
const framed = window.parent !== window;

/** What the client is told when the server says no, by its code; "other" for any else. */
const ERRORS = {
  slot_unavailable: marked('This time was just taken. Please choose another.'),
  too_short_notice: marked('This time is too soon to book online. Please choose a later one.'),
  beyond_horizon: marked('This time is too far ahead to book online. Please choose an earlier one.'),
  hold_limit_reached: marked('You are already holding times in another window. Book or leave them there, or wait a few minutes.'),
  hold_expired: marked('The time was kept for you for a few minutes and is free again. Please choose a time.'),
  too_many_bookings: marked('Many bookings were made from this connection today. Please call the salon to book more.'),
  open_bookings_limit: marked(
    'This e-mail address already has the most upcoming bookings that can be made online. Please call the salon to book more.',
  ),
  rate_limited: marked('Too many requests in a short time. Please wait a minute and try again.'),
  not_found: marked('Something you chose is no longer offered. Please start again.'),
  other: marked('Something went wrong. Please try again.'),
};

const state = {
  page: null,
  formats: null,
  step: 'loading',
  chosen: [],
  staffId: null,
  weekStart: null,
  week: null,
  hold: null,
  /** What the client typed, kept across renders. */
  client: { name: '', email: '', phone: '', notes: '' },
  booked: null,
  message: null,
};

// ---------------------------------------------------------------------------------------------
// Load

async function call(path, { method = 'GET', body } = {}) {
  let response;
  try {
    response = await fetch(API + path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    return { ok: false, status: 0, body: null };
  }
  const text = await response.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // A proxy's error page: the status has to do.
  }
  return { ok: response.ok, status: response.status, body: parsed };
}

async function start() {
  const browserLanguages = navigator.languages?.length ? navigator.languages : [navigator.language];
  // Until the salon's page is known (and when it cannot be), the page speaks the browser's language.
  const [answer] = await Promise.all([call(''), speakBesidePage(browserLocale(browserLanguages)).then(() => render())]);
  if (!answer.ok) {
    show(answer.status === 404 ? 'missing' : 'failed');
    return;
  }
  const page = answer.body;
  const locale = localeFor(page, browserLanguages);
  await speakBesidePage(locale);
  state.page = page;
  state.formats = formatsFor(locale, page.timezone);
  state.weekStart = page.today;
  document.documentElement.lang = locale;
  document.title = t('Book at {salon}', { salon: page.name });
  tellFrame({ type: 'booking-page:title', title: document.title });
  theme(page.accentColor);
  show('services');
}

// ---------------------------------------------------------------------------------------------
// Actions

function show(step, message = null) {
  state.step = step;
  state.message = message;
  render();
  tellFrame({ type: 'booking-page:step' });
  // Focus follows the client from step to step, but never leaves the website around an embedded
  // page that nobody has touched yet (nor the Settings form the preview sits in).
  if (document.hasFocus()) root.querySelector('h2')?.focus();
}

/** The staff members who do every chosen service. */
function staffForChoice() {
  return state.page.staff.filter((s) => state.chosen.every((id) => s.serviceIds.includes(id)));
}

async function loadWeek() {
  state.week = null;
  render();
  const from = state.weekStart;
  const to = addDays(from, 6);
  const query = new URLSearchParams({ serviceIds: state.chosen.join(','), from, to });
  if (state.staffId !== null) query.set('staffId', String(state.staffId));
  const answer = await call(`/slots?${query}`);
  if (state.step !== 'time' || state.weekStart !== from) return;
  if (!answer.ok) {
    state.message = { kind: 'error', text: errorText(answer) };
    state.week = { days: [], data: [] };
  } else {
    state.week = answer.body;
  }
  render();
}

async function chooseTime(slot, button) {
  button.disabled = true;
  await releaseHold();
  const body = { serviceIds: state.chosen, startTime: slot.startTime };
  if (state.staffId !== null) body.staffId = state.staffId;
  const answer = await call('/holds', { method: 'POST', body });
  button.disabled = false;
  if (!answer.ok) {
    state.message = { kind: 'error', text: errorText(answer) };
    if (answer.body?.code === 'slot_unavailable') await loadWeek();
    else render();
    root.querySelector('.message')?.focus();
    return;
  }
  state.hold = { ...answer.body, deadline: performance.now() + answer.body.expiresInSeconds * 1000, warned: false };
  show('details');
}

async function releaseHold() {
  const hold = state.hold;
  state.hold = null;
  if (hold) await call('/holds/release', { method: 'POST', body: { holdToken: hold.token } });
}

/** What is wrong with each of the client's fields, by field. */
const PROBLEMS = {
  name: marked('Please give your name.'),
  email: marked('Please give an e-mail address such as name@example.com.'),
  phone: marked('Please give a phone number with digits (spaces, + - ( ) . / are fine), or leave it empty.'),
};

async function book(form, fields) {
  const values = {
    name: fields.name.value.trim(),
    email: fields.email.value.trim(),
    phone: fields.phone.value.trim(),
    notes: fields.notes.value.trim(),
  };
  const problems = [];
  if (!values.name) problems.push(['name', t(PROBLEMS.name)]);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) problems.push(['email', t(PROBLEMS.email)]);
  if (values.phone && !/^[+0-9 ()./-]{3,50}$/.test(values.phone)) problems.push(['phone', t(PROBLEMS.phone)]);
  if (problems.length) return showProblems(fields, problems);
  const button = form.querySelector('button[type=submit]');
  button.disabled = true;
  button.textContent = t('Booking…');
  const answer = await call('/bookings', {
    method: 'POST',
    body: {
      holdToken: state.hold.token,
      client: { name: values.name, email: values.email, phone: values.phone || null },
      ...(values.notes ? { notes: values.notes } : {}),
    },
  });
  if (answer.ok) {
    state.hold = null;
    state.booked = answer.body;
    show('done');
    return;
  }
  button.disabled = false;
  button.textContent = t('Book');
  const code = answer.body?.code;
  if (code === 'validation_failed' && /^client\.(name|email|phone)/.test(answer.body.field ?? '')) {
    const field = answer.body.field.split('.')[1];
    return showProblems(fields, [[field, t(PROBLEMS[field])]]);
  }
  if (code === 'hold_expired' || answer.status === 404) {
    state.hold = null;
    show('time', { kind: 'error', text: t('The time was kept for you for a few minutes and is free again. Please choose a time.') });
    loadWeek();
    return;
  }
  state.message = { kind: 'error', text: errorText(answer) };
  render();
  root.querySelector('.message')?.focus();
}

function showProblems(fields, problems) {
  for (const [name, field] of Object.entries(fields)) {
    const problem = problems.find(([which]) => which === name);
    const note = document.getElementById(`${field.id}-problem`);
    field.setAttribute('aria-invalid', problem ? 'true' : 'false');
    if (note) note.textContent = problem ? problem[1] : '';
  }
  fields[problems[0][0]].focus();
}

const FAILED = marked('The booking page cannot reach the salon’s server just now. Check your connection and try again.');

function errorText(answer) {
  if (answer.status === 0) return t(FAILED);
  return t(ERRORS[answer.body?.code] ?? ERRORS.other);
}

function restart() {
  state.chosen = [];
  state.staffId = null;
  state.booked = null;
  state.weekStart = state.page.today;
  show('services');
}

// Counts the hold down once a second; when it is over, the time is free again and the client chooses anew.
setInterval(() => {
  const hold = state.hold;
  if (state.step !== 'details' || !hold) return;
  const left = Math.max(0, Math.round((hold.deadline - performance.now()) / 1000));
  const timer = document.getElementById('hold-timer');
  if (timer) timer.textContent = t('We are keeping this time for you for {time}.', { time: state.formats.countdown(left) });
  if (left <= 60 && !hold.warned) {
    hold.warned = true;
    const warning = document.getElementById('hold-warning');
    if (warning) warning.textContent = t('One minute left to book this time.');
  }
  if (left === 0) {
    state.hold = null;
    show('time', { kind: 'error', text: t('The time was kept for you for a few minutes and is free again. Please choose a time.') });
    loadWeek();
  }
}, 1000);

// ---------------------------------------------------------------------------------------------
// Render

const STEP_NUMBER = { services: 1, staff: 2, time: 3, details: 4 };

function render() {
  const views = { loading, missing, failed, services, staff, time, details, done };
  const number = STEP_NUMBER[state.step];
  const parts = [
    state.page ? header() : null,
    number ? h('p', { class: 'step' }, t('Step {number} of {total}', { number, total: 4 })) : null,
    views[state.step](),
  ];
  // replaceChildren writes a null as the text "null": only what there is.
  root.replaceChildren(...parts.filter((part) => part != null));
  root.setAttribute('aria-busy', state.step === 'loading' || (state.step === 'time' && !state.week) ? 'true' : 'false');
}

function header() {
  const { page } = state;
  return h(
    'header',
    { class: 'salon' },
    page.logoVersion ? h('img', { class: 'logo', src: `${encodeURIComponent(page.slug)}/logo?v=${page.logoVersion}`, alt: '' }) : null,
    h('h1', null, page.name),
    page.address ? h('p', { class: 'where' }, page.address.replace(/\s*\n\s*/g, ', ')) : null,
  );
}

function message() {
  if (!state.message) return null;
  return h('p', { class: `message ${state.message.kind}`, role: 'alert', tabindex: '-1' }, state.message.text);
}

function heading(text) {
  return h('h2', { tabindex: '-1' }, text);
}

function loading() {
  return h('p', { class: 'quiet' }, t('Loading…'));
}

function missing() {
  return h(
    'section',
    null,
    h('h2', { tabindex: '-1' }, t('There is no booking page at this address. Check the link, or ask the salon for it.')),
  );
}

function failed() {
  return h(
    'section',
    null,
    h('h2', { tabindex: '-1' }, t(FAILED)),
    h('button', { type: 'button', onclick: () => location.reload() }, t('Try again')),
  );
}

function services() {
  const { page, formats: f } = state;
  if (page.services.length === 0)
    return h('section', null, heading(t('This salon has nothing to book online at the moment. Please call the salon.')), contact());
  const boxes = page.services.map((service) =>
    h(
      'div',
      { class: 'choice' },
      h('input', {
        type: 'checkbox',
        id: `service-${service.id}`,
        value: String(service.id),
        checked: state.chosen.includes(service.id),
        'aria-describedby': service.description ? `service-${service.id}-about` : null,
        onchange: (event) => {
          state.chosen = event.target.checked ? [...state.chosen, service.id] : state.chosen.filter((id) => id !== service.id);
        },
      }),
      h(
        'label',
        { htmlFor: `service-${service.id}` },
        h('span', { class: 'name' }, service.name),
        h('span', { class: 'detail' }, `${f.duration(service.durationMinutes)} · ${f.price(service.price, service.currency)}`),
      ),
      service.description ? h('p', { class: 'about', id: `service-${service.id}-about` }, service.description) : null,
    ),
  );
  const form = h(
    'form',
    { novalidate: true },
    h('fieldset', null, h('legend', { class: 'hint' }, t('Choose one or several; several are done one after the other.')), boxes),
    message(),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, t('Continue'))),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (state.chosen.length === 0) return show('services', { kind: 'error', text: t('Choose at least one service.') });
    if (staffForChoice().length === 0)
      return show('services', { kind: 'error', text: t('Nobody here does all of these in one visit. Choose fewer services.') });
    if (!staffForChoice().some((s) => s.id === state.staffId)) state.staffId = null;
    show('staff');
  });
  return h('section', null, heading(t('What would you like to book?')), form);
}

function staff() {
  const options = [{ id: null, name: t('Anyone'), title: t('whoever is free') }, ...staffForChoice()];
  const form = h(
    'form',
    { novalidate: true },
    h(
      'fieldset',
      null,
      h('legend', { class: 'visually-hidden' }, t('Who would you like?')),
      options.map((member) => {
        const id = `staff-${member.id ?? 'anyone'}`;
        return h(
          'div',
          { class: 'choice' },
          h('input', {
            type: 'radio',
            name: 'staff',
            id,
            checked: state.staffId === member.id,
            onchange: () => {
              state.staffId = member.id;
            },
          }),
          h(
            'label',
            { htmlFor: id },
            h('span', { class: 'name' }, member.name),
            member.title ? h('span', { class: 'detail' }, member.title) : null,
          ),
        );
      }),
    ),
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'submit', class: 'primary' }, t('Continue')),
      h('button', { type: 'button', onclick: () => show('services') }, t('Back')),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    show('time');
    loadWeek();
  });
  return h('section', null, heading(t('Who would you like?')), form);
}

function time() {
  const { page, formats: f, week } = state;
  const from = state.weekStart;
  const to = addDays(from, 6);
  const last = addDays(page.today, page.horizonDays);
  const move = (days) => {
    state.weekStart = addDays(state.weekStart, days);
    state.message = null;
    loadWeek();
  };
  const nav = h(
    'div',
    { class: 'week-nav' },
    h('button', { type: 'button', disabled: from <= page.today, onclick: () => move(-7) }, `‹ ${t('Previous week')}`),
    h('p', { class: 'week', 'aria-live': 'polite' }, f.week(from, to)),
    h('button', { type: 'button', disabled: to >= last, onclick: () => move(7) }, `${t('Next week')} ›`),
  );
  let body;
  if (!week) body = h('p', { class: 'quiet' }, t('Looking for free times…'));
  else if (week.data.length === 0)
    body = h('p', { class: 'quiet' }, to >= last ? beyondHorizon(page.horizonDays) : t('No free times this week. Try a later week.'));
  else {
    body = h(
      'div',
      { class: 'days' },
      week.days.map(({ date }) => {
        const slots = week.data.filter((slot) => slot.startTime.slice(0, 10) === date);
        const dayName = f.day(date);
        return h(
          'section',
          { class: 'day', 'aria-labelledby': `day-${date}` },
          h('h3', { id: `day-${date}` }, dayName),
          slots.length
            ? h(
                'ul',
                { class: 'times' },
                slots.map((slot) =>
                  h(
                    'li',
                    null,
                    h(
                      'button',
                      {
                        type: 'button',
                        'aria-label': t('{time}, {day}', { time: f.time(slot.startTime), day: dayName }),
                        onclick: (event) => chooseTime(slot, event.currentTarget),
                      },
                      f.time(slot.startTime),
                    ),
                  ),
                ),
              )
            : h('p', { class: 'quiet' }, t('No free times')),
        );
      }),
    );
  }
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return h(
    'section',
    null,
    heading(t('Choose a time')),
    h('p', { class: 'hint' }, choiceSummary()),
    deviceZone !== page.timezone
      ? h('p', { class: 'hint' }, t('Times are the salon’s local time ({zone}).', { zone: page.timezone.replaceAll('_', ' ') }))
      : null,
    message(),
    nav,
    body,
    h('div', { class: 'actions' }, h('button', { type: 'button', onclick: () => show('staff') }, t('Back'))),
  );
}

/** "Bookings can be made up to 60 days ahead." */
function beyondHorizon(days) {
  return tn(days, 'Bookings can be made up to {count} day ahead.', 'Bookings can be made up to {count} days ahead.');
}

/** "Haircut + Colour · Anna" */
function choiceSummary() {
  const { page } = state;
  const names = state.chosen.map((id) => page.services.find((s) => s.id === id)?.name).join(' + ');
  const who = state.staffId === null ? t('Anyone') : page.staff.find((s) => s.id === state.staffId)?.name;
  return `${names} · ${who}`;
}

function facts(rows) {
  return h(
    'dl',
    { class: 'facts' },
    rows.map(([label, value]) => h('div', null, h('dt', null, label), h('dd', null, value))),
  );
}

function visitFacts(visit) {
  const { page, formats: f } = state;
  const chosen = state.chosen.map((id) => page.services.find((s) => s.id === id));
  const price = visit.price ?? chosen.reduce((sum, s) => sum + s.price, 0);
  const currency = visit.currency ?? chosen[0].currency;
  return facts([
    [t('Service'), visit.serviceName ?? chosen.map((s) => s.name).join(' + ')],
    [t('With'), visit.staffName],
    [t('When'), `${f.day(visit.startTime.slice(0, 10))}, ${f.time(visit.startTime)}–${f.time(visit.endTime)}`],
    [t('Price'), f.price(price, currency)],
  ]);
}

function field(id, label, control, hint) {
  return h(
    'div',
    { class: 'field' },
    h('label', { htmlFor: id }, label, hint ? h('span', { class: 'quiet' }, ` ${hint}`) : null),
    control,
    h('p', { class: 'problem', id: `${id}-problem`, 'aria-live': 'polite' }),
  );
}

function details() {
  const { page, formats: f, hold } = state;
  const keep = (key) => (event) => {
    state.client[key] = event.target.value;
  };
  const input = (key, props) =>
    h(props.tag ?? 'input', {
      id: `client-${key}`,
      'aria-describedby': `client-${key}-problem`,
      value: state.client[key],
      oninput: keep(key),
      ...props,
      tag: undefined,
    });
  const fields = {
    name: input('name', { type: 'text', autocomplete: 'name', required: true, maxlength: '200' }),
    email: input('email', { type: 'email', autocomplete: 'email', required: true, maxlength: '254', spellcheck: 'false' }),
    phone: input('phone', { type: 'tel', autocomplete: 'tel', maxlength: '50' }),
    notes: input('notes', { tag: 'textarea', rows: '3', maxlength: '2000' }),
  };
  const left = Math.max(0, Math.round((hold.deadline - performance.now()) / 1000));
  const form = h(
    'form',
    { novalidate: true },
    field('client-name', t('Your name'), fields.name),
    field('client-email', t('E-mail'), fields.email),
    field('client-phone', t('Phone'), fields.phone, t('(optional)')),
    field('client-notes', t('A note for the salon'), fields.notes, t('(optional)')),
    page.cancellationPolicy
      ? h(
          'section',
          { class: 'policy', 'aria-labelledby': 'policy-heading' },
          h('h3', { id: 'policy-heading' }, t('Cancellation policy')),
          h('p', null, page.cancellationPolicy),
        )
      : null,
    page.confirmsNewClients
      ? h('p', { class: 'hint' }, t('If this is your first visit, the salon confirms your booking before it is final.'))
      : null,
    message(),
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'submit', class: 'primary' }, t('Book')),
      h(
        'button',
        {
          type: 'button',
          onclick: async () => {
            await releaseHold();
            show('time');
            loadWeek();
          },
        },
        t('Choose another time'),
      ),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    book(form, fields);
  });
  return h(
    'section',
    null,
    heading(t('Your details')),
    visitFacts(hold),
    h(
      'p',
      { class: 'held', id: 'hold-timer', role: 'timer' },
      t('We are keeping this time for you for {time}.', { time: f.countdown(left) }),
    ),
    h('p', { class: 'visually-hidden', id: 'hold-warning', 'aria-live': 'assertive' }),
    form,
  );
}

/**
 * What happens to a booking that waits for the salon: an e-mail when the salon confirms, if one
 * can go; else only what is true: no e-mail comes, the salon has the booking (and the number the
 * client gave), and the client may ask the salon. Nobody promised the client a call.
 */
function pendingText(booked) {
  if (booked.emailed) return t('The salon confirms bookings of new clients. You will get an e-mail when it has.');
  return booked.client.phone
    ? t(
        'The salon confirms bookings of new clients. You will not get a confirmation e-mail: the salon has your booking and your number, {phone}. To hear that your booking is confirmed, please get in touch with the salon.',
        { phone: booked.client.phone },
      )
    : t(
        'The salon confirms bookings of new clients, and sends no e-mail. Please get in touch with the salon to hear that your booking is confirmed.',
      );
}

function done() {
  const { page, booked } = state;
  const pending = booked.status === 'pending';
  return h(
    'section',
    { class: 'done' },
    heading(pending ? t('Your booking is waiting for the salon') : t('You are booked')),
    h('p', null, pending ? pendingText(booked) : t('{salon} looks forward to seeing you.', { salon: page.name })),
    visitFacts(booked),
    contact(),
    h('div', { class: 'actions' }, h('button', { type: 'button', onclick: restart }, t('Book another appointment'))),
  );
}

function contact() {
  const { page } = state;
  const ways = [
    page.phone ? h('a', { href: `tel:${page.phone.replace(/[^+0-9]/g, '')}` }, page.phone) : null,
    page.email ? h('a', { href: `mailto:${page.email}` }, page.email) : null,
  ].filter(Boolean);
  if (ways.length === 0) return null;
  return h(
    'p',
    { class: 'contact' },
    `${t('Contact the salon')}: `,
    ways.flatMap((a, i) => (i ? [' · ', a] : [a])),
  );
}

// ---------------------------------------------------------------------------------------------
// The salon's colour, and the frame around the page

/** The salon's colour on buttons (with white or black text, whichever reads), and a shade of it dark enough for text. */
function theme(color) {
  if (!/^#[0-9a-f]{6}$/i.test(color ?? '')) return;
  const style = document.documentElement.style;
  style.setProperty('--accent', color);
  style.setProperty('--on-accent', contrast(color, '#ffffff') >= 4.5 ? '#ffffff' : '#111111');
  let text = color;
  for (let i = 0; i < 20 && contrast(text, '#ffffff') < 4.5; i += 1) text = mix(text, 0.85);
  style.setProperty('--accent-text', text);
}

function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** The colour darkened: each channel times `factor`. */
function mix(hex, factor) {
  return `#${[1, 3, 5]
    .map((i) =>
      Math.round(Number.parseInt(hex.slice(i, i + 2), 16) * factor)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function tellFrame(message) {
  // Only the page's height, title and steps: nothing a client typed leaves the frame.
  if (framed) window.parent.postMessage(message, '*');
}

if (framed) {
  document.documentElement.classList.add('framed');
  new ResizeObserver(() =>
    tellFrame({ type: 'booking-page:height', height: Math.ceil(document.body.getBoundingClientRect().height) }),
  ).observe(document.body);
}

render();
start();
