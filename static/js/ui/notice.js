// Sentences for the user: a notice (an error with the request id small, so staff can report it, a
// success or a note), the message area a form or list says them in, and the one flash: a sentence
// kept for the next view drawn.

import { busy, confirmAction, h } from '../dom.js';
import { t } from '../locale.js';
import { forgetUnsaved } from './unsaved.js';

/**
 * A sentence for the user: an error (with the request id small, so staff can report it), a
 * success or a note. `text` is a string or an array of strings and elements (isolated names).
 */
export function notice(kind, text, reference) {
  return h(
    'div',
    { class: `notice ${kind}`, role: kind === 'error' ? 'alert' : 'status' },
    h('p', null, text),
    reference ? h('p', { class: 'reference' }, t('Reference for support: {reference}', { reference })) : null,
  );
}

/**
 * The notice for a failed call; ApiError carries the sentence and the request id. An expected
 * refusal (ApiError's `expected`) says what to do and nothing more; a failure adds the reference
 * for support.
 */
export function errorNotice(error) {
  return notice('error', error.sentence ?? t('Something went wrong. Please reload the page.'), error.expected ? null : error.requestId);
}

/** "Try again" after a failure that another try may mend (not after an expected refusal: null). */
export const tryAgain = (error, retry) => (error?.expected ? null : h('button', { type: 'button', onclick: retry }, t('Try again')));

/**
 * The place for the sentences of one form or list (empty, or with the flash to start with). It is
 * no live region itself (no role, no aria-live): each notice in it is one (role status or alert),
 * and a live region inside another is announced twice by a screen reader.
 */
export const messageArea = (props, ...children) => h('div', { class: 'message-area', ...props }, ...children);

/** The sentence after an action, replacing whatever the area said before (and whatever more goes with it). */
export function say(area, kind, text, ...more) {
  area.replaceChildren(notice(kind, text), ...more.filter(Boolean));
}

/**
 * A failed call said where the eye is: beside `point` (the pointer event of a drop the server
 * refused), over the page, since the view's message area may be scrolled out of sight. It stays
 * until the next click or key, or until it is closed.
 */
export function errorAt(point, error) {
  showAt(point, errorNotice(error));
}

/** A sentence of `kind` beside `point` (a click on the grid), as errorAt() says a refusal. */
export function noticeAt(point, kind, text) {
  showAt(point, notice(kind, text));
}

function showAt(point, shown) {
  document.querySelector('.notice-at')?.remove();
  const box = h('div', { class: 'notice-at' }, shown);
  const close = () => {
    box.remove();
    document.removeEventListener('pointerdown', close, true);
    document.removeEventListener('keydown', close, true);
    window.removeEventListener('hashchange', close);
  };
  box.append(h('button', { type: 'button', onclick: close }, t('Close')));
  document.body.append(box);
  const x = point?.clientX ?? innerWidth / 2;
  const y = point?.clientY ?? innerHeight / 2;
  const below = y + 16 + box.offsetHeight <= innerHeight;
  box.style.left = `${Math.max(8, Math.min(x - box.offsetWidth / 2, innerWidth - box.offsetWidth - 8))}px`;
  box.style.top = `${Math.max(8, below ? y + 16 : y - 16 - box.offsetHeight)}px`;
  document.addEventListener('pointerdown', close, true);
  document.addEventListener('keydown', close, true);
  window.addEventListener('hashchange', close);
}

/** A failed call, said in the area. */
export function sayError(area, error) {
  area.replaceChildren(errorNotice(error));
}

/** The form's problems as one error notice (or nothing): the same place the API's refusals go. */
export function showProblems(area, problems) {
  if (problems.length === 0) return false;
  say(area, 'error', problems.join(' '));
  area.scrollIntoView?.({ block: 'nearest' });
  return true;
}

/** Runs `work` while `button` shows it is busy; a failure is said in `area`. */
export function perform(button, busyLabel, area, work) {
  return busy(button, busyLabel, async () => {
    try {
      await work();
    } catch (error) {
      sayError(area, error);
    }
  });
}

/** Asks `question` first (confirmAction's title, text and labels); when the user confirms, does as perform. */
export async function performIfSure(question, button, busyLabel, area, work) {
  if (await confirmAction(question)) await perform(button, busyLabel, area, work);
}

let flash = null;

/** A sentence for the next view drawn: after an action that draws the page again or moves to another address. */
export function flashNext(kind, text) {
  flash = { kind, text };
  // A good sentence for the next view: what was typed is saved, so going there asks nothing.
  if (kind === 'good') forgetUnsaved();
}

/** The sentence left by flashNext, once, as a notice (or null). The page takes it for each view it draws (ctx.flash). */
export function takeFlash() {
  const taken = flash;
  flash = null;
  return taken && notice(taken.kind, taken.text);
}
