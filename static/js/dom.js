// Small DOM helpers. The page runs under a strict Content-Security-Policy, so everything is built
// with createElement and listeners: no innerHTML, no inline handlers, no style attributes.

import { fillIn, t } from './locale.js';
import { fieldText } from './salon-time.js';

const PROPERTIES = new Set(['value', 'checked', 'disabled', 'hidden', 'readOnly', 'open', 'selected', 'htmlFor']);

/** An element: h('button', {class: 'primary', onclick}, 'Save'). Null, false and undefined are skipped. */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  setProps(el, props);
  if (tag === 'input' && WRITTEN_BY_BROWSER.has(el.type)) inPageWords(el);
  el.append(...flatten(children));
  return el;
}

/** The fields Chromium writes in the browser's language, whatever the page's. */
const WRITTEN_BY_BROWSER = new Set(['date', 'time', 'datetime-local']);
const nativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
/** Each such field's way to show its value again. */
const showers = new WeakMap();
// A form's reset() sets its fields back without an event: they show their value again after it.
document.addEventListener('reset', (event) =>
  setTimeout(() => {
    for (const field of event.target.querySelectorAll('input[data-shown]')) showers.get(field)?.();
  }),
);

/**
 * Chromium writes a date or time field in the browser's language and order (11/23/2026, 02:30 PM
 * in an American browser), and the document's lang does not change that (test/field-words-page.test.ts).
 * Such a field keeps its picker and its keys, and shows its value the page's way (23.11.2026,
 * 14:30) in its data-shown, which style.css puts in place of the browser's own text. The value
 * stays the field's: "2026-11-23", "14:30", set by the page or typed.
 */
function inPageWords(el) {
  const show = () => {
    el.setAttribute('data-shown', fieldText(el.type, nativeValue.get.call(el)));
    // An empty one shows the pattern to type, greyed as a placeholder is.
    el.toggleAttribute('data-empty', !nativeValue.get.call(el));
  };
  Object.defineProperty(el, 'value', {
    configurable: true,
    get: () => nativeValue.get.call(el),
    set: (value) => {
      nativeValue.set.call(el, value);
      show();
    },
  });
  el.addEventListener('input', show);
  el.addEventListener('change', show);
  showers.set(el, show);
  show();
}

/** Puts `children` in `el` in place of what it held; null, false and undefined are skipped, as in h(). */
export function fill(el, ...children) {
  el.replaceChildren(...flatten(children));
  return el;
}

/** An SVG element; attributes are set as they are. */
export function svg(tag, attrs, ...children) {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (name.startsWith('on')) el.addEventListener(name.slice(2), value);
    else if (value !== undefined && value !== null) el.setAttribute(name, String(value));
  }
  el.append(...flatten(children));
  return el;
}

function setProps(el, props) {
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) el.addEventListener(name.slice(2), value);
    else if (name === 'class') el.className = value;
    else if (PROPERTIES.has(name)) el[name] = value;
    else el.setAttribute(name, value === true ? '' : String(value));
  }
}

function flatten(children) {
  return children
    .flat(Infinity)
    .filter((c) => c !== null && c !== undefined && c !== false)
    .map((c) => (c instanceof Node ? c : String(c)));
}

/**
 * Text people typed (a name, a note) inside the page's own words: in <bdi>, so a right-to-left
 * name keeps its place in the sentence and nothing in it can turn the rest of the sentence
 * around. Sentences that hold one are arrays: ['Added ', isolate(name), '.'].
 */
export const isolate = (text) => h('bdi', null, text);

/**
 * A sentence of the page's words with elements in it (isolated names): each {name} of `text` left
 * by t() becomes parts[name], for h() and notice(): phrase(t('Confirmed: {name}, {time}.', { time }),
 * { name: isolate(client) }) → ['Bestätigt: ', <bdi>, ', Mo., 23. Nov. 2026, 10:00.'].
 */
export function phrase(text, parts) {
  return fillIn(text, parts);
}

/**
 * “Haircut”: a name the sentence quotes, isolated, in the quotation marks of the page's language
 * („Haircut“ in German: the new-owner trial read English quotes around a client's name there).
 */
export const quoted = (text) => fillIn(t('“{name}”'), { name: isolate(text) });

/** Names separated by commas, each isolated; null when there are none. */
export const listOf = (names) => (names.length ? names.flatMap((name, i) => (i ? [', ', isolate(name)] : [isolate(name)])) : null);

/**
 * A select whose options are names: a long one is cut in the closed select (style.css), so the
 * title says the chosen option whole, on hover.
 */
export function namedChoice(select) {
  const show = () => {
    select.title = select.selectedOptions[0]?.textContent ?? '';
  };
  select.addEventListener('change', show);
  show();
  return select;
}

/** A label–value list: rows are [label, value] pairs; empty values are left out. */
export function facts(rows) {
  return h(
    'dl',
    { class: 'facts' },
    rows
      .filter(([, value]) => value !== null && value !== undefined && value !== '')
      .map(([label, value]) => h('div', null, h('dt', null, label), h('dd', null, value))),
  );
}

/**
 * Asks before something that cannot be undone. Resolves true when the user confirms.
 * A <dialog> of our own, not window.confirm: it can say what happens in plain words, and both
 * buttons say what they do (`keepLabel`: "Keep the booking", where "Cancel" would be ambiguous).
 */
export function confirmAction({ title, text, confirmLabel, keepLabel = t('Cancel'), danger = false }) {
  return new Promise((resolve) => {
    const dialog = h(
      'dialog',
      { class: 'confirm', 'aria-labelledby': 'confirm-title' },
      h('h2', { id: 'confirm-title' }, title),
      h('p', null, text),
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'button', class: danger ? 'danger' : 'primary', onclick: () => dialog.close('yes') }, confirmLabel),
        h('button', { type: 'button', onclick: () => dialog.close('no') }, keepLabel),
      ),
    );
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(dialog.returnValue === 'yes');
    });
    document.body.append(dialog);
    dialog.showModal();
  });
}

/** A button that does `action(button)` when pressed: button('Confirm', actions.confirm, 'primary'). */
export function button(label, action, className = null) {
  const element = h('button', { type: 'button', class: className, onclick: () => action(element) }, label);
  return element;
}

/**
 * Runs `action` while `button` shows it is busy (and cannot be pressed twice); the button is
 * restored afterwards unless it left the page.
 */
export async function busy(button, label, action) {
  const before = button.textContent;
  button.disabled = true;
  button.textContent = label;
  try {
    return await action();
  } finally {
    button.disabled = false;
    button.textContent = before;
  }
}
