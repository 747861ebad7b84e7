// The pieces forms are built of: a labelled field, an input, a checkbox or radio with its label,
// what a field holds, and a form panel with its own save button and sentence area.

import { h } from '../dom.js';
import { t } from '../locale.js';
import { messageArea, perform, showProblems } from './notice.js';

/**
 * A labelled field: the <label> names the control, for keyboards, screen readers and tests; the
 * hint is announced with it. It stands between label and control, or under the control with
 * `hintBelow` (the front desk's forms, where it reads as a caption).
 */
export function field(label, control, hint, { hintBelow = false } = {}) {
  const hintId = hint ? `${control.id}-hint` : null;
  if (hintId) control.setAttribute('aria-describedby', hintId);
  const hintText = hint ? h('p', { class: 'hint', id: hintId }, hint) : null;
  return h(
    'div',
    { class: 'field' },
    h('label', { for: control.id }, label),
    hintBelow ? null : hintText,
    control,
    hintBelow ? hintText : null,
  );
}

/** A field of the front desk's forms (the booking form, a booking's page, the setup): the hint under the control. */
export const deskField = (label, control, hint) => field(label, control, hint, { hintBelow: true });

/** An <input>: input('service-name', {value, required: true}). */
export const input = (id, props = {}) => h('input', { id, name: id, autocomplete: 'off', ...props });

/** A checkbox or radio button with its label to the right. */
export function choice(control, label) {
  return h('div', { class: 'choice' }, control, h('label', { for: control.id }, label));
}

/** A checkbox with its label to the right. */
export const checkbox = (id, label, checked, props = {}) =>
  choice(h('input', { type: 'checkbox', id, name: id, checked, ...props }), label);

/** The empty-or-trimmed value of a text field: null when empty (the API's "no value"). */
export const textOrNull = (control) => control.value.trim() || null;

/** A whole number from a field within [min, max], or a sentence saying what is wrong. */
export function wholeNumber(control, what, min, max) {
  const text = control.value.trim();
  const n = Number(text);
  if (text === '' || !Number.isInteger(n)) return { problem: t('{what} must be a whole number.', { what }) };
  if (n < min || n > max) return { problem: t('{what} must be between {min} and {max}.', { what, min, max }) };
  return { value: n };
}

/** The members of `body` that differ from `saved` (missing there counts as `missing`): what a PATCH sends. */
export function changesOf(body, saved, missing = null) {
  return Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== (saved[key] ?? missing)));
}

/**
 * A form of its own in a panel: heading, optional intro, fields, its own sentence area and save
 * button. `onSave(messages)` does the work; a failure it throws is said in the sentence area.
 * `options`: `busy`, the button's words while it works ("Saving…"); `problems()`, what is missing
 * or wrong before anything is sent (sentences; none sends); `className`, the form's own class;
 * `messages`, a sentence area of the caller's (to say something in it later).
 */
export function formPanel(id, heading, intro, fields, buttonLabel, onSave, options = {}) {
  const messages = options.messages ?? messageArea();
  const submit = h('button', { type: 'submit', class: 'primary' }, buttonLabel);
  const form = h(
    'form',
    { class: `panel edit-form ${options.className ?? ''}`.trim(), id, novalidate: true, 'aria-labelledby': `${id}-heading` },
    h('h3', { id: `${id}-heading` }, heading),
    intro ? h('p', { class: 'hint' }, intro) : null,
    fields,
    messages,
    h('div', { class: 'actions' }, submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (options.problems && showProblems(messages, options.problems().filter(Boolean))) return;
    perform(submit, options.busy ?? t('Saving…'), messages, () => onSave(messages));
  });
  return form;
}
