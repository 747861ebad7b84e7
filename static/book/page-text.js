// The booking page's language, and dates, times and prices written the way the salon's locale
// writes them, in the salon's time zone. The page's words are in page.js, said through t() of
// shared/words.js; their German is words/de.json.

import { languageOf, spoken } from './shared/words.js';

/**
 * The locale the page speaks: the salon's, when it chose one; else the first of the visitor's
 * browser languages the page has words for (a German browser gets German, written as its locale
 * writes dates); else the salon's (English). An English visitor keeps the salon's way of writing.
 */
export function localeFor(page, browserLanguages) {
  if (page.localeChosen) return page.locale;
  const browser = browserLanguages.find(spoken);
  return !browser || languageOf(browser) === languageOf(page.locale) ? page.locale : browser;
}

/** Dates, times and prices as the salon's locale writes them, in the salon's time zone. */
export function formatsFor(locale, timeZone) {
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' });
  // A local date (YYYY-MM-DD) is written from its noon in UTC, so no zone moves it to another day.
  const noon = (date) => new Date(`${date}T12:00:00Z`);
  const day = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
  const range = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
  const minutes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short' });
  const prices = new Map();
  const seconds = (total) => `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
  return {
    time: (iso) => time.format(new Date(iso)),
    day: (date) => day.format(noon(date)),
    week: (from, to) => range.formatRange(noon(from), noon(to)),
    duration: (n) => minutes.format(n),
    countdown: seconds,
    price(minor, currency) {
      let format = prices.get(currency);
      if (!format) prices.set(currency, (format = new Intl.NumberFormat(locale, { style: 'currency', currency })));
      return format.format(minor / 10 ** format.resolvedOptions().maximumFractionDigits);
    },
  };
}

/** YYYY-MM-DD `days` after `date`. */
export function addDays(date, days) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
