// Dates and times on the client's page, as the salon's locale (en-GB, de-DE…) writes them, in the
// salon's time zone. The page's words are in page.js, said through t() of shared/words.js; their
// German is words/de.json.

/** Dates and times as the salon writes them, in its zone. */
export function formats(locale, timeZone) {
  // A local date (YYYY-MM-DD) is written as that date at noon in UTC, whatever the zone.
  const day = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const dayShort = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const full = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone });
  return {
    when: (iso) => full.format(new Date(iso)),
    span: (start, end) => `${date.format(new Date(start))}, ${time.format(new Date(start))}–${time.format(new Date(end))}`,
    time: (iso) => time.format(new Date(iso)),
    day: (localDate) => day.format(new Date(`${localDate}T12:00:00Z`)),
    dayShort: (localDate) => dayShort.format(new Date(`${localDate}T12:00:00Z`)),
  };
}
