// The client's own page for one visit, at /manage/<token> (the link in their e-mails): see it, put
// it in a calendar, move it to another free time or cancel it while the salon's cut-off allows,
// and stop reminders. Load → state → render → actions; the server decides what is allowed and
// when (the page never reads its own clock), the page says it in the salon's language.
// Everything is addressed relative to the page, so it also works under a path of another address.

import { h } from './shared/element.js';
import { browserLocale, marked, speakBesidePage, t } from './shared/words.js';
import { formats } from './words.js';

const token = location.pathname.split('/').find((part) => part.startsWith('mng_'));
const api = `../v1/integration/manage/${token}`;
const root = document.getElementById('visit-page');
/** The link of a reminder's "No more reminders": the page asks first. */
const askingToStop = new URLSearchParams(location.search).get('reminders') === 'stop';

/** What the page shows: the visit as the server last said, the slots offered, the sentence of the last action. */
const state = { visit: null, slots: null, picking: null, cancelling: false, notice: null };

/** The visit's status as the client reads it. */
const STATUS = {
  pending: marked('Waiting for the salon to confirm it'),
  confirmed: marked('Booked'),
  cancelled: marked('Cancelled'),
  completed: marked('Over'),
  no_show: marked('Over'),
};

/** What the client is told when the server says no, by its code ("too late" names the salon's phone). */
const ERRORS = {
  slot_unavailable: marked('This time was just taken. Please choose another one.'),
  too_short_notice: marked('This time is too soon. Please choose a later one.'),
  beyond_horizon: marked('This time is too far ahead. Please choose an earlier one.'),
  invalid_transition: marked('This appointment can no longer be changed.'),
  link_expired: marked('This appointment is over, so this link no longer works.'),
  not_found: marked('This link does not name an appointment. Check that it was copied whole.'),
  network: marked('The salon’s booking server cannot be reached. Check your connection and try again.'),
  other: marked('Something went wrong. Please try again, or call the salon.'),
};

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
  const phone = state.visit?.salon.phone;
  if (error.code === 'too_late_to_change')
    return phone
      ? t('It is too late to change this online. Please call the salon: {phone}.', { phone })
      : t('It is too late to change this online. Please contact the salon.');
  return t(ERRORS[error.code] ?? ERRORS.other);
}

// ---- load

async function load() {
  try {
    await show(await call(''));
  } catch (error) {
    // No visit to take the salon's language from: the browser's, where the page speaks it.
    if (!state.visit) await speakBesidePage(browserLocale());
    state.notice = { kind: 'error', text: sentenceOf(error) };
    render();
  }
}

async function show(visit) {
  await speakBesidePage(visit.salon.locale);
  state.visit = visit;
  document.documentElement.lang = visit.salon.locale;
  document.title = t('Your appointment at {salon}', { salon: visit.salon.name });
  render();
}

// ---- render

function render() {
  const { visit } = state;
  const parts = [];
  if (visit) {
    const f = formats(visit.salon.locale, visit.salon.timezone);
    parts.push(
      h('p', { class: 'salon-name' }, visit.salon.name),
      h('h1', { id: 'visit-heading' }, t('Your appointment')),
      facts(visit, f),
      h(
        'p',
        { class: 'actions' },
        h('a', { class: 'button', href: `${api}/calendar.ics`, download: 'appointment.ics' }, t('Add to my calendar')),
      ),
    );
  } else {
    parts.push(h('h1', null, t('Your appointment')));
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
  const v = visit.visit;
  const rows = [
    [t('When'), f.span(v.startTime, v.endTime)],
    [t('What'), v.services.map((s) => s.name).join(' + ')],
    [t('With'), v.staffName],
    [t('Where'), [visit.salon.name, visit.salon.address].filter(Boolean).join(', ')],
    [t('Phone'), visit.salon.phone ? h('a', { href: `tel:${visit.salon.phone.replace(/[^+0-9]/g, '')}` }, visit.salon.phone) : null],
    [t('Status'), STATUS[v.status] ? t(STATUS[v.status]) : v.status],
  ];
  return h(
    'dl',
    { class: 'facts visit-facts' },
    rows.filter(([, value]) => value).map(([label, value]) => h('div', null, h('dt', null, label), h('dd', null, value))),
    v.cancelReason && v.status === 'cancelled' ? h('p', { class: 'hint' }, t('Reason: {reason}', { reason: v.cancelReason })) : null,
  );
}

function changes(visit) {
  const live = ['pending', 'confirmed'].includes(visit.visit.status);
  if (!live) return null;
  const f = formats(visit.salon.locale, visit.salon.timezone);
  if (!visit.canChange)
    return h(
      'section',
      { class: 'panel', 'aria-label': t('Move to another time') },
      h('p', { class: 'call-instead' }, callInstead(visit.salon.phone)),
    );
  return h(
    'section',
    { class: 'panel changes', 'aria-labelledby': 'changes-heading' },
    h('h2', { id: 'changes-heading', class: 'visually-hidden' }, `${t('Move to another time')} / ${t('Cancel the appointment')}`),
    h('p', { class: 'hint' }, t('You can move or cancel it here until {when}.', { when: f.when(visit.changeUntil) })),
    state.slots ? movePicker(f) : null,
    state.cancelling ? cancelForm() : null,
    !state.slots && !state.cancelling
      ? h(
          'div',
          { class: 'actions' },
          h('button', { type: 'button', class: 'primary', onclick: () => openSlots() }, t('Move to another time')),
          h('button', { type: 'button', class: 'danger', onclick: () => openCancel() }, t('Cancel the appointment')),
        )
      : null,
  );
}

/** "To move or cancel it now, please call the salon: …" */
function callInstead(phone) {
  return phone
    ? t('To move or cancel it now, please call the salon: {phone}.', { phone })
    : t('To move or cancel it now, please contact the salon.');
}

function movePicker(f) {
  const days = state.slots.days.filter((day) => day.total > 0);
  const chosenDay = state.picking?.day ?? days[0]?.date;
  const times = state.slots.data.filter((slot) => slot.startTime.startsWith(chosenDay ?? '-'));
  const chosen = state.picking?.startTime;
  const form = h(
    'form',
    { class: 'move-form', 'aria-labelledby': 'move-heading' },
    h('h3', { id: 'move-heading' }, t('Choose a new time')),
    days.length === 0 ? h('p', null, t('No free times in these days.')) : null,
    days.length
      ? h(
          'fieldset',
          { class: 'choices days' },
          h('legend', null, t('Day')),
          days.map((day) => radio('move-day', day.date, f.dayShort(day.date), day.date === chosenDay, () => pick({ day: day.date }))),
        )
      : null,
    times.length
      ? h(
          'fieldset',
          { class: 'choices times' },
          h('legend', null, t('Time, {day}', { day: f.day(chosenDay) })),
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
      chosen ? h('button', { type: 'submit', class: 'primary' }, t('Move to {when}', { when: f.when(chosen) })) : null,
      h('button', { type: 'button', onclick: () => moreSlots() }, t('Later days')),
      h('button', { type: 'button', onclick: () => closeForms() }, t('Keep it')),
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
  const reason = h('textarea', { id: 'cancel-reason', name: 'reason', rows: 2, maxlength: 500 });
  const form = h(
    'form',
    { class: 'cancel-form', 'aria-labelledby': 'cancel-heading' },
    h('h3', { id: 'cancel-heading' }, t('Cancel the appointment')),
    h('div', { class: 'field' }, h('label', { for: 'cancel-reason' }, t('Reason (optional)')), reason),
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'submit', class: 'danger' }, t('Yes, cancel it')),
      h('button', { type: 'button', onclick: () => closeForms() }, t('Keep it')),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    cancel(reason.value.trim(), form.querySelector('button[type=submit]'));
  });
  return form;
}

function reminders(visit) {
  if (visit.reminders === 'none') return null;
  const asked = askingToStop && visit.reminders === 'on';
  return h(
    'section',
    { class: 'panel reminders', 'aria-label': t('No more reminders') },
    h('p', null, remindersText(visit.reminders === 'on', asked)),
    visit.reminders === 'on'
      ? h(
          'button',
          { type: 'button', id: 'stop-reminders', onclick: (event) => stopReminders(event.currentTarget) },
          t('No more reminders'),
        )
      : null,
  );
}

/** Whether reminders come, or the question of the reminder's "No more reminders" link. */
function remindersText(on, asked) {
  if (!on) return t('You get no reminders by e-mail.');
  return asked
    ? t('Do you want to stop the reminders before your appointments?')
    : t('You get a reminder by e-mail before the appointment.');
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
    state.notice = {
      kind: 'good',
      text: t('Done: your appointment is now on {when}. You will get an e-mail about it.', { when: f.when(visit.visit.startTime) }),
    };
    await show(visit);
  });
}

function cancel(reason, button) {
  act(button, async () => {
    const visit = await call('/cancel', { method: 'POST', body: reason ? { reason } : {} });
    state.cancelling = false;
    state.notice = { kind: 'good', text: t('Your appointment is cancelled. You will get an e-mail about it.') };
    await show(visit);
  });
}

function stopReminders(button) {
  act(button, async () => {
    await call('/unsubscribe', { method: 'POST' });
    state.visit = { ...state.visit, reminders: 'off' };
    state.notice = { kind: 'good', text: t('Done: you get no more reminders from this salon.') };
    render();
  });
}

load();
