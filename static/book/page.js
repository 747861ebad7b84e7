// The salon's booking page: service → who → time (held while the client types) → details → done.
// Load → state → render → actions, one step on screen at a time. It talks only to its own server's
// booking page endpoints (no key), addressed relative to the page, and tells a website that frames
// it (embed.js) how tall it is. Under the server's strict CSP: no inline code or style; the salon's
// colour is set through CSS custom properties from here.

import { addDays, formatsFor, localeFor, wordsFor } from './page-text.js';
import { h } from './shared/element.js';

const slug = decodeURIComponent(location.pathname.split('/').filter(Boolean).at(-1) ?? '');
const API = new URL(`../v1/booking-page/${encodeURIComponent(slug)}`, location.href).href;
const root = document.getElementById('page');
const framed = window.parent !== window;

const state = {
  page: null,
  words: wordsFor(navigator.language),
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
  const answer = await call('');
  if (!answer.ok) {
    show(answer.status === 404 ? 'missing' : 'failed');
    return;
  }
  const page = answer.body;
  const locale = localeFor(page, navigator.languages?.length ? navigator.languages : [navigator.language]);
  state.page = page;
  state.words = wordsFor(locale);
  state.formats = formatsFor(locale, page.timezone);
  state.weekStart = page.today;
  document.documentElement.lang = locale;
  document.title = state.words.title(page.name);
  tellFrame({ type: 'booking-page:title', title: state.words.title(page.name) });
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

async function book(form, fields) {
  const w = state.words;
  const values = {
    name: fields.name.value.trim(),
    email: fields.email.value.trim(),
    phone: fields.phone.value.trim(),
    notes: fields.notes.value.trim(),
  };
  const problems = [];
  if (!values.name) problems.push(['name', w.nameMissing]);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) problems.push(['email', w.emailWrong]);
  if (values.phone && !/^[+0-9 ()./-]{3,50}$/.test(values.phone)) problems.push(['phone', w.phoneWrong]);
  if (problems.length) return showProblems(fields, problems);
  const button = form.querySelector('button[type=submit]');
  button.disabled = true;
  button.textContent = w.booking;
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
  button.textContent = w.book;
  const code = answer.body?.code;
  if (code === 'validation_failed' && /^client\.(name|email|phone)/.test(answer.body.field ?? '')) {
    const field = answer.body.field.split('.')[1];
    return showProblems(fields, [[field, { name: w.nameMissing, email: w.emailWrong, phone: w.phoneWrong }[field]]]);
  }
  if (code === 'hold_expired' || answer.status === 404) {
    state.hold = null;
    show('time', { kind: 'error', text: w.holdOver });
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

function errorText(answer) {
  const errors = state.words.errors;
  if (answer.status === 0) return state.words.failed;
  return errors[answer.body?.code] ?? errors.other;
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
  if (timer) timer.textContent = state.words.held(state.formats.countdown(left));
  if (left <= 60 && !hold.warned) {
    hold.warned = true;
    const warning = document.getElementById('hold-warning');
    if (warning) warning.textContent = state.words.heldAlmostOver;
  }
  if (left === 0) {
    state.hold = null;
    show('time', { kind: 'error', text: state.words.holdOver });
    loadWeek();
  }
}, 1000);

// ---------------------------------------------------------------------------------------------
// Render

const STEP_NUMBER = { services: 1, staff: 2, time: 3, details: 4 };

function render() {
  const w = state.words;
  const views = { loading, missing, failed, services, staff, time, details, done };
  const number = STEP_NUMBER[state.step];
  const parts = [state.page ? header() : null, number ? h('p', { class: 'step' }, w.stepOf(number, 4)) : null, views[state.step]()];
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
  return h('p', { class: 'quiet' }, state.words.loading);
}

function missing() {
  return h('section', null, h('h2', { tabindex: '-1' }, state.words.missing));
}

function failed() {
  return h(
    'section',
    null,
    h('h2', { tabindex: '-1' }, state.words.failed),
    h('button', { type: 'button', onclick: () => location.reload() }, state.words.tryAgain),
  );
}

function services() {
  const { page, words: w, formats: f } = state;
  if (page.services.length === 0) return h('section', null, heading(w.nothingToBook), contact());
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
    h('fieldset', null, h('legend', { class: 'hint' }, w.servicesHint), boxes),
    message(),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, w.continue)),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (state.chosen.length === 0) return show('services', { kind: 'error', text: w.chooseService });
    if (staffForChoice().length === 0) return show('services', { kind: 'error', text: w.nobodyDoesAll });
    if (!staffForChoice().some((s) => s.id === state.staffId)) state.staffId = null;
    show('staff');
  });
  return h('section', null, heading(w.servicesHeading), form);
}

function staff() {
  const w = state.words;
  const options = [{ id: null, name: w.anyone, title: w.anyoneHint }, ...staffForChoice()];
  const form = h(
    'form',
    { novalidate: true },
    h(
      'fieldset',
      null,
      h('legend', { class: 'visually-hidden' }, w.staffHeading),
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
      h('button', { type: 'submit', class: 'primary' }, w.continue),
      h('button', { type: 'button', onclick: () => show('services') }, w.back),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    show('time');
    loadWeek();
  });
  return h('section', null, heading(w.staffHeading), form);
}

function time() {
  const { page, words: w, formats: f, week } = state;
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
    h(
      'button',
      { type: 'button', 'aria-label': w.previousWeekLabel, disabled: from <= page.today, onclick: () => move(-7) },
      `‹ ${w.previousWeek}`,
    ),
    h('p', { class: 'week', 'aria-live': 'polite' }, f.week(from, to)),
    h('button', { type: 'button', 'aria-label': w.nextWeekLabel, disabled: to >= last, onclick: () => move(7) }, `${w.nextWeek} ›`),
  );
  let body;
  if (!week) body = h('p', { class: 'quiet' }, w.searching);
  else if (week.data.length === 0) body = h('p', { class: 'quiet' }, to >= last ? w.beyondHorizon(page.horizonDays) : w.noTimesWeek);
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
                        'aria-label': w.timeLabel(f.time(slot.startTime), dayName),
                        onclick: (event) => chooseTime(slot, event.currentTarget),
                      },
                      f.time(slot.startTime),
                    ),
                  ),
                ),
              )
            : h('p', { class: 'quiet' }, w.noTimesDay),
        );
      }),
    );
  }
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return h(
    'section',
    null,
    heading(w.timeHeading),
    h('p', { class: 'hint' }, choiceSummary()),
    deviceZone !== page.timezone ? h('p', { class: 'hint' }, w.zoneNote(page.timezone)) : null,
    message(),
    nav,
    body,
    h('div', { class: 'actions' }, h('button', { type: 'button', onclick: () => show('staff') }, w.back)),
  );
}

/** "Haircut + Colour · Anna" */
function choiceSummary() {
  const { page } = state;
  const names = state.chosen.map((id) => page.services.find((s) => s.id === id)?.name).join(' + ');
  const who = state.staffId === null ? state.words.anyone : page.staff.find((s) => s.id === state.staffId)?.name;
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
  const { page, words: w, formats: f } = state;
  const chosen = state.chosen.map((id) => page.services.find((s) => s.id === id));
  const price = visit.price ?? chosen.reduce((sum, s) => sum + s.price, 0);
  const currency = visit.currency ?? chosen[0].currency;
  return facts([
    [w.service, visit.serviceName ?? chosen.map((s) => s.name).join(' + ')],
    [w.with, visit.staffName],
    [w.when, `${f.day(visit.startTime.slice(0, 10))}, ${f.time(visit.startTime)}–${f.time(visit.endTime)}`],
    [w.price, f.price(price, currency)],
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
  const { page, words: w, formats: f, hold } = state;
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
    field('client-name', w.name, fields.name),
    field('client-email', w.email, fields.email),
    field('client-phone', w.phone, fields.phone, w.optional),
    field('client-notes', w.notes, fields.notes, w.optional),
    page.cancellationPolicy
      ? h(
          'section',
          { class: 'policy', 'aria-labelledby': 'policy-heading' },
          h('h3', { id: 'policy-heading' }, w.policyHeading),
          h('p', null, page.cancellationPolicy),
        )
      : null,
    page.confirmsNewClients ? h('p', { class: 'hint' }, w.confirmsNew) : null,
    message(),
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'submit', class: 'primary' }, w.book),
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
        w.otherTime,
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
    heading(w.detailsHeading),
    visitFacts(hold),
    h('p', { class: 'held', id: 'hold-timer', role: 'timer' }, w.held(f.countdown(left))),
    h('p', { class: 'visually-hidden', id: 'hold-warning', 'aria-live': 'assertive' }),
    form,
  );
}

/**
 * What happens to a booking that waits for the salon: an e-mail when the salon confirms, if one
 * can go; else the salon calls the number the client gave, or the client calls the salon.
 */
function pendingText(booked) {
  const w = state.words;
  if (booked.emailed) return w.pendingEmailed;
  return booked.client.phone ? w.pendingByPhone(booked.client.phone) : w.pendingAskSalon;
}

function done() {
  const { page, words: w, booked } = state;
  const pending = booked.status === 'pending';
  return h(
    'section',
    { class: 'done' },
    heading(pending ? w.pendingHeading : w.bookedHeading),
    h('p', null, pending ? pendingText(booked) : w.bookedText(page.name)),
    visitFacts(booked),
    contact(),
    h('div', { class: 'actions' }, h('button', { type: 'button', onclick: restart }, w.bookAnother)),
  );
}

function contact() {
  const { page, words: w } = state;
  const ways = [
    page.phone ? h('a', { href: `tel:${page.phone.replace(/[^+0-9]/g, '')}` }, page.phone) : null,
    page.email ? h('a', { href: `mailto:${page.email}` }, page.email) : null,
  ].filter(Boolean);
  if (ways.length === 0) return null;
  return h(
    'p',
    { class: 'contact' },
    `${w.contact}: `,
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
