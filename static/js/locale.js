// The page's language, in one place: every date, time, weekday and amount on the page is written
// in it, whatever language the browser is set to (a German browser showed "Week of Montag" on an
// English page). The back office is in English, as the United Kingdom writes it; when it speaks
// German too, this value (de-DE) switches every format at once.

export const PAGE_LOCALE = 'en-GB';
