// The client's own page for one visit, at /manage/<token> (the link in their e-mails): see it, put
// it in a calendar, move it to another free time or cancel it while the salon's cut-off allows,
// and stop reminders. Load → state → render → actions; the server decides what is allowed and
// when (the page never reads its own clock), the page says it in the salon's language.
// Everything is addressed relative to the page, so it also works under a path of another address.

import { formats, wordsFor } from './words.js';
import { h } from './shared/element.js';

const token = location.pathname.split('/').find((part) => part.startsWith('mng_'));
const api = `../v1/integration/manage/${token}`;
const root = document.getElementById('visit-page');
/** The link of a reminder's "No more reminders": the page asks first. */
const askingToStop = new URLSearchParams(location.search).get('reminders') === 'stop';

/** What the page shows: the visit as the server last said, the slots offered, the sentence of the last action. */
const state = { visit: null, words: wordsFor(navigator.language), slots: null, picking: null, cancelling: false, notice: null };

class PageError extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

async function call(path, { method = 'GET', body } = {}) {
  let response;
  try {
    response = await fetch(`${api}${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new PageError('network');
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new PageError(data?.code ?? 'other');
  return data;
}

function sentenceOf(error) {
  const { errors } = state.words;
  const said = errors[error.code] ?? errors.other;
  return typeof said === 'function' ? said(state.visit?.salon.phone) : said;
}

// ---- load

async function load() {
  try {
    show(await call(''));
  } catch (error) {
    state.notice = { kind: 'error', text: sentenceOf(error) };
    render();
  }
}

function show(visit) {
  state.visit = visit;
  state.words = wordsFor(visit.salon.locale);
  document.documentElement.lang = visit.salon.locale;
  document.title = `${state.words.title} ${state.words.at(visit.salon.name)}`;
  render();
}

// ---- render

function render() {
  const { visit, words } = state;
  const parts = [];
  if (visit) {
    const f = formats(visit.salon.locale, visit.salon.timezone);
    parts.push(
      h('p', { class: 'salon-name' }, visit.salon.name),
      h('h1', { id: 'visit-heading' }, words.title),
      facts(visit, f),
      h('p', { class: 'actions' }, h('a', { class: 'button', href: `${api}/calendar.ics`, download: 'appointment.ics' }, words.calendar)),
    );
  } else {
    parts.push(h('h1', null, state.words.title));
  }
  if (state.notice)
    parts.push(
      h(
        'div',
        { class: `notice ${state.notice.kind}`, role: state.notice.kind === 'error' ? 'alert' : 'status' },
        h('p', null, state.notice.text),
      ),
    );
  if (visit) parts.push(changes(visit), reminders(visit));
  root.replaceChildren(...parts.filter(Boolean));
}

function facts(visit, f) {
  const { words } = state;
  const v = visit.visit;
  const rows = [
    [words.labels.when, f.span(v.startTime, v.endTime)],
    [words.labels.what, v.services.map((s) => s.name).join(' + ')],
    [words.labels.with, v.staffName],
    [words.labels.where, [visit.salon.name, visit.salon.address].filter(Boolean).join(', ')],
    [
      words.labels.phone,
      visit.salon.phone ? h('a', { href: `tel:${visit.salon.phone.replace(/[^+0-9]/g, '')}` }, visit.salon.phone) : null,
    ],
    [words.labels.status, words.status[v.status] ?? v.status],
  ];
  return h(
    'dl',
    { class: 'facts visit-facts' },
    rows.filter(([, value]) => value).map(([label, value]) => h('div', null, h('dt', null, label), h('dd', null, value))),
    v.cancelReason && v.status === 'cancelled' ? h('p', { class: 'hint' }, words.cancelledReason(v.cancelReason)) : null,
  );
}

function changes(visit) {
  const { words } = state;
  const live = ['pending', 'confirmed'].includes(visit.visit.status);
  if (!live) return null;
  const f = formats(visit.salon.locale, visit.salon.timezone);
  if (!visit.canChange)
    return h(
      'section',
      { class: 'panel', 'aria-label': words.move.open },
      h('p', { class: 'call-instead' }, words.callInstead(visit.salon.phone)),
    );
  return h(
    'section',
    { class: 'panel changes', 'aria-labelledby': 'changes-heading' },
    h('h2', { id: 'changes-heading', class: 'visually-hidden' }, `${words.move.open} / ${words.cancel.open}`),
    h('p', { class: 'hint' }, words.changeUntil(f.when(visit.changeUntil))),
    state.slots ? movePicker(f) : null,
    state.cancelling ? cancelForm() : null,
    !state.slots && !state.cancelling
      ? h(
          'div',
          { class: 'actions' },
          h('button', { type: 'button', class: 'primary', onclick: () => openSlots() }, words.move.open),
          h('button', { type: 'button', class: 'danger', onclick: () => openCancel() }, words.cancel.open),
        )
      : null,
  );
}

function movePicker(f) {
  const { words } = state;
  const days = state.slots.days.filter((day) => day.total > 0);
  const chosenDay = state.picking?.day ?? days[0]?.date;
  const times = state.slots.data.filter((slot) => slot.startTime.startsWith(chosenDay ?? '-'));
  const chosen = state.picking?.startTime;
  const form = h(
    'form',
    { class: 'move-form', 'aria-labelledby': 'move-heading' },
    h('h3', { id: 'move-heading' }, words.move.heading),
    days.length === 0 ? h('p', null, words.move.none) : null,
    days.length
      ? h(
          'fieldset',
          { class: 'choices days' },
          h('legend', null, words.move.day),
          days.map((day) => radio('move-day', day.date, f.dayShort(day.date), day.date === chosenDay, () => pick({ day: day.date }))),
        )
      : null,
    times.length
      ? h(
          'fieldset',
          { class: 'choices times' },
          h('legend', null, `${words.move.time}, ${f.day(chosenDay)}`),
          times.map((slot) =>
            radio('move-time', slot.startTime, f.time(slot.startTime), slot.startTime === chosen, () =>
              pick({ day: chosenDay, startTime: slot.startTime }),
            ),
          ),
        )
      : null,
    h(
      'div',
      { class: 'actions' },
      chosen ? h('button', { type: 'submit', class: 'primary' }, words.move.confirm(f.when(chosen))) : null,
      h('button', { type: 'button', onclick: () => moreSlots() }, words.move.later),
      h('button', { type: 'button', onclick: () => closeForms() }, words.cancel.keep),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    move(chosen, form.querySelector('button[type=submit]'));
  });
  return form;
}

function radio(name, value, label, checked, onchange) {
  const id = `${name}-${value.replace(/[^0-9A-Za-z]/g, '')}`;
  return h(
    'span',
    { class: 'slot-choice' },
    h('input', { type: 'radio', name, id, value, checked, onchange }),
    h('label', { for: id }, label),
  );
}

function cancelForm() {
  const { words } = state;
  const reason = h('textarea', { id: 'cancel-reason', name: 'reason', rows: 2, maxlength: 500 });
  const form = h(
    'form',
    { class: 'cancel-form', 'aria-labelledby': 'cancel-heading' },
    h('h3', { id: 'cancel-heading' }, words.cancel.heading),
    h('div', { class: 'field' }, h('label', { for: 'cancel-reason' }, words.cancel.reason), reason),
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'submit', class: 'danger' }, words.cancel.confirm),
      h('button', { type: 'button', onclick: () => closeForms() }, words.cancel.keep),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    cancel(reason.value.trim(), form.querySelector('button[type=submit]'));
  });
  return form;
}

function reminders(visit) {
  const { words } = state;
  if (visit.reminders === 'none') return null;
  const asked = askingToStop && visit.reminders === 'on';
  return h(
    'section',
    { class: 'panel reminders', 'aria-label': words.reminders.stop },
    h('p', null, visit.reminders === 'on' ? (asked ? words.reminders.ask : words.reminders.on) : words.reminders.off),
    visit.reminders === 'on'
      ? h('button', { type: 'button', id: 'stop-reminders', onclick: (event) => stopReminders(event.currentTarget) }, words.reminders.stop)
      : null,
  );
}

// ---- actions

async function act(button, work) {
  if (button) button.disabled = true;
  try {
    await work();
  } catch (error) {
    state.notice = { kind: 'error', text: sentenceOf(error) };
    render();
  } finally {
    if (button?.isConnected) button.disabled = false;
  }
}

function openSlots() {
  act(null, async () => {
    state.cancelling = false;
    state.notice = null;
    state.slots = await call('/slots');
    state.picking = null;
    render();
    root.querySelector('#move-heading')?.focus?.();
    root.querySelector('.move-form input')?.focus();
  });
}

function moreSlots() {
  act(null, async () => {
    const next = new Date(`${state.slots.to}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const from = next.toISOString().slice(0, 10);
    state.slots = await call(`/slots?from=${from}`);
    state.picking = null;
    render();
    root.querySelector('.move-form input')?.focus();
  });
}

function pick(picking) {
  state.picking = picking;
  render();
  const name = picking.startTime ? 'move-time' : 'move-day';
  root.querySelector(`input[name=${name}]:checked`)?.focus();
}

function openCancel() {
  state.slots = null;
  state.notice = null;
  state.cancelling = true;
  render();
  root.querySelector('#cancel-reason')?.focus();
}

function closeForms() {
  state.slots = null;
  state.cancelling = false;
  render();
}

function move(startTime, button) {
  act(button, async () => {
    const visit = await call('/reschedule', { method: 'POST', body: { startTime } });
    const f = formats(visit.salon.locale, visit.salon.timezone);
    state.slots = null;
    state.notice = { kind: 'good', text: state.words.move.done(f.when(visit.visit.startTime)) };
    show(visit);
  });
}

function cancel(reason, button) {
  act(button, async () => {
    const visit = await call('/cancel', { method: 'POST', body: reason ? { reason } : {} });
    state.cancelling = false;
    state.notice = { kind: 'good', text: state.words.cancel.done };
    show(visit);
  });
}

function stopReminders(button) {
  act(button, async () => {
    await call('/unsubscribe', { method: 'POST' });
    state.visit = { ...state.visit, reminders: 'off' };
    state.notice = { kind: 'good', text: state.words.reminders.stopped };
    render();
  });
}

load();
