// Activity (#activity): who changed what in the salon, newest first: people by name, the back
// office's access code, connected programs, clients and the system; filtered by who, what and dates, and downloaded as a
// spreadsheet. load → render, filled by the actions.

import { h, namedChoice } from '../../dom.js';
import { t } from '../../locale.js';
import { messageArea } from '../../ui/notice.js';
import { viewPage } from '../../ui/pages.js';
import { activityActions } from './actions.js';
import { activityAddress, filtersOf, loadPeople, loadServices } from './load.js';
import { peoplePointer } from './people.js';
import { activityTable } from './rows.js';
import { WHAT, WHO } from './words.js';

const options = (pairs) => pairs.map(([value, words]) => h('option', { value }, t(words)));

/** The view's parts; `chosen`: the filters of the address (the way to People names the person chosen). */
function activityView(people, chosen) {
  const body = h('tbody');
  const byPerson = people.map((person) => h('option', { value: `person:${person.id}` }, person.name));
  return {
    who: namedChoice(h('select', { id: 'activity-who', name: 'who' }, options(WHO), byPerson)),
    what: namedChoice(h('select', { id: 'activity-what', name: 'what' }, options(WHAT))),
    from: h('input', { id: 'activity-from', name: 'from', type: 'date' }),
    to: h('input', { id: 'activity-to', name: 'to', type: 'date' }),
    flash: messageArea(),
    summary: h('p', { class: 'summary', 'aria-live': 'polite' }),
    body,
    table: activityTable(body),
    pointer: peoplePointer(people, chosen.who),
    more: h('button', { type: 'button', hidden: true }, t('Show older changes')),
    download: h('button', { type: 'button' }, t('Download as a spreadsheet (CSV)')),
  };
}

const labelled = (label, control) => h('span', { class: 'filter' }, h('label', { for: control.id }, label), ' ', control);

/** The filter changed last: it keeps the focus when the page comes back with its new address. */
let focused = null;

export async function renderActivity(ctx, id) {
  const [services, people] = await Promise.all([loadServices(ctx.api), loadPeople(ctx.api)]);
  // The filters are in the address (#activity/who=key&from=2026-11-01): a reload or a shared
  // link shows the same, and Back goes to the filters before.
  const chosen = filtersOf(id);
  const view = activityView(people, chosen);
  const actions = activityActions(ctx, view, services);
  for (const name of ['who', 'what', 'from', 'to']) {
    view[name].value = chosen[name];
    // A choice the list does not have (a person no longer there) is no filter.
    if (view[name].value !== chosen[name]) view[name].value = '';
    view[name].dispatchEvent(new Event('change'));
  }
  for (const control of [view.who, view.what, view.from, view.to])
    control.addEventListener('change', () => {
      const address = activityAddress(actions.filters());
      if (address === location.hash) return actions.filter();
      focused = control.id;
      location.hash = address;
    });
  view.more.addEventListener('click', () => actions.more(view.more));
  view.download.addEventListener('click', () => actions.download(view.download));
  await actions.show();
  if (focused) {
    // Once the app has put this view in the page (right after this returns).
    const again = focused;
    focused = null;
    setTimeout(() => document.getElementById(again)?.focus());
  }
  return viewPage(
    {
      class: 'activity-view',
      title: t('Activity'),
      intro: t('Who changed what in the salon: the back office, connected programs, clients and the system.'),
    },
    h(
      'div',
      { class: 'filters' },
      labelled(t('Who'), view.who),
      labelled(t('What'), view.what),
      labelled(t('From'), view.from),
      labelled(t('To'), view.to),
      view.download,
    ),
    view.flash,
    view.summary,
    view.pointer,
    view.table,
    view.more,
  );
}
