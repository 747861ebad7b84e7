// Changes typed into a form and not saved: a form is marked when its fields change and unmarked
// when it is sent (marked again if it was sent with changes and then says an error). Leaving the view, or the page, while a
// form is marked asks first, so a ticked service is not lost without a word.

import { confirmAction } from '../dom.js';
import { t } from '../locale.js';

const SEARCH = 'form[role="search"]';

/**
 * Marks the forms of `view` as their fields change; a form sent is taken as saved (what follows
 * may go to another view), and marked again if it then says an error.
 */
export function watchUnsaved(view) {
  const mark = (event) => {
    const form = event.target.closest?.('form');
    if (form && !form.matches(SEARCH)) form.dataset.unsaved = '';
  };
  view.addEventListener('input', mark);
  view.addEventListener('change', mark);
  // A form sent with changes is taken as saved; an error it then says marks it again. One sent
  // without any (a test e-mail, a search) stays unmarked whatever it says: nothing typed is lost.
  view.addEventListener(
    'submit',
    (event) => {
      const { dataset } = event.target;
      if ('unsaved' in dataset) dataset.sentChanged = '';
      else delete dataset.sentChanged;
      delete dataset.unsaved;
    },
    true,
  );
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        const form = node.nodeType === 1 && node.matches('.notice.error') ? node.closest('form') : null;
        if (form && !form.matches(SEARCH) && 'sentChanged' in form.dataset) form.dataset.unsaved = '';
      }
  }).observe(view, { childList: true, subtree: true });
  window.addEventListener('beforeunload', (event) => {
    if (hasUnsaved(view)) event.preventDefault();
  });
}

export const hasUnsaved = (view) => view.querySelector('form[data-unsaved]') !== null;

/** Unmarks every form: what they held was saved (an action that goes on to another view says so with flashNext). */
export function forgetUnsaved(root = document) {
  for (const form of root.querySelectorAll('form[data-unsaved]')) delete form.dataset.unsaved;
}

/** Resolves true when the user chooses to leave `view` with its unsaved changes (or there are none). */
export async function mayLeave(view) {
  if (!hasUnsaved(view)) return true;
  return confirmAction({
    title: t('Leave without saving?'),
    text: t('Something here was changed and not saved. Leaving now loses the change.'),
    confirmLabel: t('Leave without saving'),
    keepLabel: t('Stay on this page'),
    danger: true,
  });
}
