// Actions: show the first page of what the filters choose, older ones on request, and download
// the same as a spreadsheet (CSV, spreadsheet.js).

import { t } from '../../locale.js';
import { todayIn } from '../../salon-time.js';
import { perform, sayError } from '../../ui/notice.js';
import { downloadCsv } from '../../ui/csv.js';
import { loadActivity, PAGE_SIZE } from './load.js';
import { activityRow, summaryWords } from './rows.js';
import { activityCsv, loadAllActivity } from './spreadsheet.js';

/** `view`: the parts of the page (index.js): who, what, from, to, summary, body, table, pointer, more, flash, download. */
export function activityActions(ctx, view, services) {
  let page = 1;
  // What the changes' amounts and service ids are said in: the salon's currency, its services' names.
  const salon = {
    currency: ctx.business.currency,
    zone: ctx.business.timezone,
    services: new Map(services.map((service) => [service.id, service.name])),
  };
  const row = (entry) => activityRow(entry, salon);
  const filters = () => ({ who: view.who.value, what: view.what.value, from: view.from.value, to: view.to.value });
  const show = async () => {
    // "People": no entries of the salon's, the way to each person's history instead (people.js).
    const people = filters().what === 'people';
    for (const part of [view.table, view.summary, view.download]) part.hidden = people;
    view.pointer.hidden = !people;
    if (people) {
      view.body.replaceChildren();
      view.more.hidden = true;
      return;
    }
    const answer = await loadActivity(ctx.api, filters(), 1);
    page = 1;
    view.summary.textContent = summaryWords(answer.total);
    view.body.replaceChildren(...answer.data.map(row));
    view.more.hidden = answer.total <= PAGE_SIZE;
  };
  return {
    filters,
    show,
    filter: () => show().catch((error) => sayError(view.flash, error)),
    more: (button) =>
      perform(button, t('Loading…'), view.flash, async () => {
        const answer = await loadActivity(ctx.api, filters(), page + 1);
        page += 1;
        view.body.append(...answer.data.map(row));
        view.more.hidden = page * PAGE_SIZE >= answer.total;
      }),
    download: (button) =>
      perform(button, t('Preparing…'), view.flash, async () => {
        const { from, to } = filters();
        // Named by its dates, as the other downloads are: until today when no end is chosen.
        const today = todayIn(ctx.business.timezone);
        const name = from ? t('activity-{from}-to-{to}.csv', { from, to: to || today }) : t('activity-to-{to}.csv', { to: to || today });
        downloadCsv(name, activityCsv(await loadAllActivity(ctx.api, filters()), salon));
      }),
  };
}
