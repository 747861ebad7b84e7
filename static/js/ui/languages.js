// The languages the pages speak, each with its way of writing dates, times and amounts: one list
// for the back office's own language (Your account) and the booking page's (Settings).

import { h } from '../dom.js';
import { t } from '../locale.js';

/** Each language named in its own words, so that it is found on a page in any language. */
const LANGUAGES = [
  ['en-GB', 'English (UK)'],
  ['en-US', 'English (US)'],
  ['de-DE', 'Deutsch (Deutschland)'],
  ['de-AT', 'Deutsch (Österreich)'],
  ['de-CH', 'Deutsch (Schweiz)'],
];

/** A <select> of the languages after `none` (marked words, the value ''), `chosen` selected ('' for none). */
export function languageSelect({ id, name, none, chosen }) {
  return h(
    'select',
    { id, name },
    h('option', { value: '', selected: chosen === '' }, t(none)),
    LANGUAGES.map(([value, label]) => h('option', { value, selected: value === chosen }, label)),
  );
}
