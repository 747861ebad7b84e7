// Actions: show the first page of what the filters choose, older ones on request, and download
// the same as a spreadsheet (CSV, spreadsheet.js).

import { t } from '../../locale.js';
import { todayIn } from '../../salon-time.js';
import { perform, sayError } from '../../ui/notice.js';
import { downloadCsv } from '../../ui/csv.js';
import { pagedList } from '../../ui/pages.js';
import { loadActivity, PAGE_SIZE } from './load.js';
import { activityRow, summaryWords } from './rows.js';
import { activityCsv, loadAllActivity } from './spreadsheet.js';

/** `view`: the parts of the page (index.js): who, what, from, to, summary, body, table, pointer, more, flash, download. */
export function activityActions(ctx, view, services) {
  // What the changes' amounts and service ids are said in: the salon's currency, its services' names.
  const salon = {
    currency: ctx.business.currency,
    zone: ctx.business.timezone,
    services: new Map(services.map((service) => [service.id, service.name])),
  };
  const row = (entry) => activityRow(entry, salon);
  const filters = () => ({ who: view.who.value, what: view.what.value, from: view.from.value, to: view.to.value });
  const pages = pagedList({
    load: (n) => loadActivity(ctx.api, filters(), n),
    list: view.body,
    item: row,
    moreButton: view.more,
    flash: view.flash,
    size: PAGE_SIZE,
  });
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
    view.summary.textContent = summaryWords((await pages.first()).total);
  };
  return {
    filters,
    show,
    filter: () => show().catch((error) => sayError(view.flash, error)),
    more: pages.more,
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
