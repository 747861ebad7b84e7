// The back office's language, in one place: the salon's (the language it chose for its booking
// page; until it chooses, the browser's where the page has it), else English as the United Kingdom
// writes it. Every word (t, tn), date, time, weekday and amount on the page follows it, whatever
// language the browser is set to (a German browser showed "Week of Montag" on an English page).
// The words are in ../shared/words.js; German's catalog is words/de/*.json, by part of the page.

import { browserLocale, speak } from '../shared/words.js';

export { fillIn, intl, marked, pageLanguage, pageLocale, t, tn, translateMarked } from '../shared/words.js';

/** The catalog's parts (static/js/words/<language>/<part>.json), all loaded at once. */
export const CATALOG_PARTS = ['common', 'calendar', 'clients', 'settings', 'team', 'integrations'];

const catalogUrls = (language) => CATALOG_PARTS.map((part) => `/js/words/${language}/${part}.json`);

/** Where this browser keeps the back office's own language, when someone chose one (Your account). */
const OFFICE_LANGUAGE_KEY = 'booking-api.office-language';

/** The back office's own language chosen in this browser (en-GB, de-DE…), or null: the salon's. */
export const officeLanguage = () => localStorage.getItem(OFFICE_LANGUAGE_KEY) || null;

/** Chooses the back office's own language in this browser; null goes back to the salon's. */
export function chooseOfficeLanguage(tag) {
  if (tag) localStorage.setItem(OFFICE_LANGUAGE_KEY, tag);
  else localStorage.removeItem(OFFICE_LANGUAGE_KEY);
}

/**
 * Speaks the back office's own language where one was chosen (Your account), else the salon's
 * (`business.locale`, its booking page's, null while it has not chosen one), or the browser's
 * before a salon is known (the sign-in and the first setup). Then translateMarked(document.body)
 * and a fresh render put it on the page.
 */
export function speakFor(business) {
  return speak(officeLanguage() ?? business?.locale ?? browserLocale(), catalogUrls);
}
