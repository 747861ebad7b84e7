// Pieces of the back office's forms (services, staff, clients, reviews, settings, and the front
// desk's money): a labelled field, a form panel with its own save button, money in the salon's
// currency, and the sentence after a save. Time-zone arithmetic is in salon-time.js.

import { busy, errorNotice, h, isolate, notice } from './dom.js';
import { WEEKDAYS } from './salon-time.js';

/** A labelled field: <div class="field"><label for=id>…</label><p class="hint">…</p><input id=id></div>. */
export function field(label, control, hint) {
  const hintId = hint ? `${control.id}-hint` : null;
  if (hintId) control.setAttribute('aria-describedby', hintId);
  return h(
    'div',
    { class: 'field' },
    h('label', { for: control.id }, label),
    hint ? h('p', { class: 'hint', id: hintId }, hint) : null,
    control,
  );
}

/** An <input>: input('service-name', {value, required: true}). */
export const input = (id, props = {}) => h('input', { id, name: id, autocomplete: 'off', ...props });

/** A checkbox with its label to the right, as the key form has them. */
export function checkbox(id, label, checked, props = {}) {
  return h('div', { class: 'choice' }, h('input', { type: 'checkbox', id, name: id, checked, ...props }), h('label', { for: id }, label));
}

/** The empty-or-trimmed value of a text field: null when empty (the API's "no value"). */
export const textOrNull = (control) => control.value.trim() || null;

/**
 * A form of its own in a panel: heading, optional intro, fields, its own sentence area and save
 * button. `onSave(messages)` does the work; a failure it throws is said in the sentence area.
 */
export function formPanel(id, heading, intro, fields, buttonLabel, onSave) {
  const messages = h('div', { class: 'message-area' });
  const submit = h('button', { type: 'submit', class: 'primary' }, buttonLabel);
  const form = h(
    'form',
    { class: 'panel edit-form', id, novalidate: true, 'aria-labelledby': `${id}-heading` },
    h('h3', { id: `${id}-heading` }, heading),
    intro ? h('p', { class: 'hint' }, intro) : null,
    fields,
    messages,
    h('div', { class: 'actions' }, submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    busy(submit, 'Saving…', async () => {
      try {
        await onSave(messages);
      } catch (error) {
        messages.replaceChildren(errorNotice(error));
      }
    });
  });
  return form;
}

/** The sentence after a save, replacing whatever the area said before. */
export function say(area, kind, text) {
  area.replaceChildren(notice(kind, text));
}

/** Digits after the decimal point in a currency: 2 for EUR, 0 for JPY. */
function fractionDigits(currency) {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
  } catch {
    return 2;
  }
}

/** 3500 EUR → "€35.00" in the browser's language. */
export function money(minor, currency) {
  const digits = fractionDigits(currency);
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(minor / 10 ** digits);
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}

/** 3500 EUR → "35.00", the value of a price field. */
export const moneyInput = (minor, currency) => (minor / 10 ** fractionDigits(currency)).toFixed(fractionDigits(currency));

/** "35", "35.5", "35,50" → 3500; undefined when it is not an amount. */
export function parseMoney(text, currency) {
  const clean = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(clean)) return undefined;
  const digits = fractionDigits(currency);
  const [whole, fraction = ''] = clean.split('.');
  if (fraction.length > digits) return undefined;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || 0);
}

/** [{start: '09:00', end: '13:00'}, …] → "09:00–13:00, 14:00–18:00". */
export const rangesText = (ranges) => ranges.map((r) => `${r.start}–${r.end}`).join(', ');

/**
 * "9-13, 14:00–18:30" → {ranges} or {problem}: what people type for a day's hours. Empty is a
 * closed day (no ranges).
 */
export function parseRanges(text, what) {
  const ranges = [];
  for (const part of text.split(/[,;]|\s+and\s+/)) {
    if (!part.trim()) continue;
    const match = /^\s*(\d{1,2})(?:[:.](\d{2}))?\s*(?:-|–|—|to)\s*(\d{1,2})(?:[:.](\d{2}))?\s*$/i.exec(part);
    if (!match)
      return { problem: `${what}: write times as 09:00–13:00, several separated by commas (“${part.trim()}” is not understood).` };
    const start = `${match[1].padStart(2, '0')}:${match[2] ?? '00'}`;
    const end = `${match[3].padStart(2, '0')}:${match[4] ?? '00'}`;
    const valid = (t, max) => t <= max && Number(t.slice(3)) < 60;
    if (!valid(start, '23:59') || !valid(end, '24:00')) return { problem: `${what}: “${part.trim()}” is not a time of day.` };
    if (start >= end) return { problem: `${what}: ${start}–${end} ends before it starts.` };
    ranges.push({ start, end });
  }
  return { ranges };
}

/** Fields per weekday for hours (and breaks): `read()` gives {value} or {problem}. */
export function weekEditor(idPrefix, week, { breaks = false } = {}) {
  const rows = WEEKDAYS.map(([day, dayName]) => {
    const value = breaks ? week[day] : { hours: week[day] };
    const hours = input(`${idPrefix}-${day}`, { value: rangesText(value.hours), placeholder: 'Closed' });
    const pauses = breaks ? input(`${idPrefix}-${day}-breaks`, { value: rangesText(value.breaks), placeholder: 'No break' }) : null;
    return { day, dayName, hours, pauses };
  });
  const element = h(
    'div',
    { class: 'week-fields' },
    rows.map(({ dayName, hours, pauses }) =>
      h(
        'div',
        { class: 'week-day' },
        field(breaks ? `${dayName} hours` : dayName, hours),
        pauses ? field(`${dayName} breaks`, pauses) : null,
      ),
    ),
  );
  const read = () => {
    const value = {};
    for (const { day, dayName, hours, pauses } of rows) {
      const open = parseRanges(hours.value, breaks ? `${dayName} hours` : dayName);
      if (open.problem) return { problem: open.problem };
      if (!breaks) {
        value[day] = open.ranges;
        continue;
      }
      const rest = parseRanges(pauses.value, `${dayName} breaks`);
      if (rest.problem) return { problem: rest.problem };
      value[day] = { hours: open.ranges, breaks: rest.ranges };
    }
    return { value };
  };
  return { element, read };
}

const dayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-11-23" → "Mon, 23 Nov 2026" (a calendar date, no time zone involved). */
export function dayText(date) {
  const [y, m, d] = date.split('-').map(Number);
  return dayFormat.format(new Date(Date.UTC(y, m - 1, d)));
}

/** "2026-11-23T10:00:00+01:00" → "Mon, 23 Nov 2026, 10:00": the salon's wall clock, as the API wrote it. */
export const salonDateTime = (localIso) => `${dayText(localIso.slice(0, 10))}, ${localIso.slice(11, 16)}`;

/** From–to of a time off or closure: whole days, or a part of a day. */
export function periodText(item) {
  if (item.allDay === false) {
    const sameDay = item.startTime.slice(0, 10) === item.endTime.slice(0, 10);
    return sameDay
      ? `${salonDateTime(item.startTime)}–${item.endTime.slice(11, 16)}`
      : `${salonDateTime(item.startTime)} to ${salonDateTime(item.endTime)}`;
  }
  return item.startDate === item.endDate ? dayText(item.startDate) : `${dayText(item.startDate)} to ${dayText(item.endDate)}`;
}

/** The bookings a time off or closure overlaps, as the API lists them in its answer. */
export function overlapNotice(bookings, what) {
  if (!bookings?.length) return null;
  return h(
    'div',
    { class: 'notice warn', role: 'status' },
    h(
      'p',
      null,
      `${what} overlaps ${bookings.length === 1 ? 'a booking' : `${bookings.length} bookings`}. They stay booked: move or cancel them if the client cannot come.`,
    ),
    h(
      'ul',
      { class: 'overlaps' },
      bookings.map((b) =>
        h(
          'li',
          null,
          h(
            'a',
            { href: `#bookings/${b.id}` },
            `${salonDateTime(b.startTime)}: `,
            b.client?.name ? isolate(b.client.name) : 'client',
            ', ',
            b.serviceName ? isolate(b.serviceName) : 'booking',
          ),
        ),
      ),
    ),
  );
}

let flash = null;

/** A sentence for the next view shown (after a save that moves to another address). */
export function flashNext(kind, text) {
  flash = notice(kind, text);
}

/** The sentence left by flashNext, once. */
export function takeFlash() {
  const taken = flash;
  flash = null;
  return taken;
}

/** A whole number from a field within [min, max], or a sentence saying what is wrong. */
export function wholeNumber(control, what, min, max) {
  const text = control.value.trim();
  const n = Number(text);
  if (text === '' || !Number.isInteger(n)) return { problem: `${what} must be a whole number.` };
  if (n < min || n > max) return { problem: `${what} must be between ${min} and ${max}.` };
  return { value: n };
}

/** The form's problems as one error notice (or nothing): the same place the API's refusals go. */
export function showProblems(area, problems) {
  if (problems.length === 0) return false;
  area.replaceChildren(notice('error', problems.join(' ')));
  area.scrollIntoView?.({ block: 'nearest' });
  return true;
}
