// A country chooser (ISO 3166-1 alpha-2 codes, named in the page's language), for the country the
// salon's clients' phone numbers are read in.

import { h } from '../dom.js';
import { pageLocale, t } from '../locale.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Codes the browser names but that are no country a phone number belongs to. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'ZZ', 'QO', 'XA', 'XB', 'XK']);

/** Every country the browser can name, as [code, name], by name. */
function countries() {
  const names = new Intl.DisplayNames([pageLocale()], { type: 'region', fallback: 'none' });
  // An old code (DD) is canonicalised to its successor (DE): only the successor is offered.
  const current = (code) => Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
  const codes = [...LETTERS].flatMap((a) => [...LETTERS].map((b) => a + b)).filter((code) => !NOT_COUNTRIES.has(code) && current(code));
  return codes
    .map((code) => [code, names.of(code)])
    .filter(([code, name]) => name && name !== code)
    .sort((a, b) => a[1].localeCompare(b[1], pageLocale()));
}

/** The region of the browser's language (de-DE: DE), or null. */
export function browserCountry() {
  try {
    return new Intl.Locale(navigator.language).maximize().region ?? null;
  } catch {
    return null;
  }
}

/** A <select> of countries with `selected` chosen, and a first choice for none. */
export function countrySelect(id, selected) {
  return h(
    'select',
    { id, name: id },
    h('option', { value: '', selected: !selected }, t('None set')),
    countries().map(([code, name]) => h('option', { value: code, selected: code === selected }, name)),
  );
}
