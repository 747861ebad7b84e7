// The activity as a spreadsheet for the salon and its accountant: the lines the page shows, in the
// page's words and language, written as the page's other CSV files are (ui/csv.js: UTF-8 with a
// byte order mark; semicolons where the language writes "35,00", as Excel in German expects).
// The admin API's own CSV (adminExportAuditEntries) stays the file for programs: field names,
// ids, commas.

import { t } from '../../locale.js';
import { csvText } from '../../ui/csv.js';
import { loadActivity } from './load.js';
import { actionWords, bookingWords, changeWords, whoWords } from './words.js';

/** The most lines one file holds (the newest), as the API's CSV. */
export const MOST_LINES = 100_000;

/** Every entry the filters match (the newest MOST_LINES), a page at a time. */
export async function loadAllActivity(api, filters) {
  const entries = [];
  for (let page = 1; entries.length < MOST_LINES; page += 1) {
    const answer = await loadActivity(api, filters, page, 200);
    entries.push(...answer.data);
    if (answer.data.length === 0 || entries.length >= answer.total) break;
  }
  return entries.slice(0, MOST_LINES);
}

/**
 * One line per entry: the date and the time in the salon (as the entry's own local time says;
 * "2026-11-23" and "10:00", which a spreadsheet reads as a date and a time in every language),
 * who, what happened (and to whose booking) and what changed, in the words of the page.
 */
export function activityCsv(entries, salon) {
  return csvText(
    [t('Date'), t('Time'), t('Who'), t('What happened'), t('What changed')],
    entries.map((entry) => [
      entry.at.slice(0, 10),
      entry.at.slice(11, 16),
      whoWords(entry.actor),
      entry.booking ? t('{action}: {booking}', { action: actionWords(entry), booking: bookingWords(entry, salon) }) : actionWords(entry),
      changeWords(entry, salon),
    ]),
  );
}
